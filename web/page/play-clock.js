// The Play tab's timer: off by default (the choice kept for every
// puzzle); the time spent on a puzzle is kept with its progress, counted
// while it is open and stopped when it is solved.

const $ = (id) => document.getElementById(id);
const TIMER = "solve-play-timer";

// The clock of the puzzle whose progress is kept under `keyOf()` (null:
// no puzzle open, nothing kept).
export function setupClock(keyOf) {
  let spentMs = 0; // before `since`
  let since = null; // when the clock last started (null: stopped)
  let ticking = null;
  const elapsed = () => spentMs + (since === null ? 0 : Date.now() - since);
  function show() {
    const shown = $("board-time");
    shown.hidden = localStorage.getItem(TIMER) !== "on";
    const s = Math.floor(elapsed() / 1000);
    shown.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }
  function keep() {
    const key = keyOf();
    if (key !== null) localStorage.setItem(`${key}:time`, String(Math.round(elapsed())));
    show();
  }
  $("board-timer").checked = localStorage.getItem(TIMER) === "on";
  $("board-timer").onchange = () => {
    localStorage.setItem(TIMER, $("board-timer").checked ? "on" : "off");
    show();
  };
  return {
    // Starts counting from `kept` milliseconds spent before.
    start(kept) {
      spentMs = kept;
      since = Date.now();
      clearInterval(ticking);
      ticking = setInterval(keep, 1000);
      show();
    },
    stop() {
      spentMs = elapsed();
      since = null;
      clearInterval(ticking);
      keep();
    },
  };
}
