// What a player's given (`x[1][3]=4`, `island[2][2]!=0`) means for a unit
// of the Play board (a typed cell, a cell clicked through its looks, a
// segment): the look it stands for, the value it names, the values it
// allows, and what a unit's candidates leave of its looks.

// The state of a cycle unit a given stands for (its blank look too).
export function stateOf(unit, given) {
  return [...unit.states, unit.blank].find((s) => s && s.given === given) ?? null;
}

// The value a given `name=v` names, or null for `name!=...`.
export const valueOf = (given) => (given.includes("!=") ? null : given.slice(given.indexOf("=") + 1));

// Whether value text `v` is among those a given allows.
export function allows(given, v) {
  if (!given.includes("!=")) return valueOf(given) === v;
  return !given.slice(given.indexOf("!=") + 2).split(",").includes(v);
}

// The typed text of a text unit's entry.
export function typedOf(unit, given) {
  const found = Object.entries(unit.typed).find(([, g]) => g === given);
  return found ? found[0] : valueOf(given);
}

// What the values `left` (a unit's candidates) leave of a cycle unit or
// a segment: `{ state }` when they all show one look (its blank look
// too), `{ state: null }` when none is blank but they show more than
// one (a bridge, one or two strokes), null when it is still open.
export function lookLeft(unit, left) {
  if (!left?.length) return null;
  const looks = new Set(left.map((v) => [...unit.states, unit.blank].find((s) => s && allows(s.given, v)) ?? "other"));
  if (looks.has("other")) return null;
  if (looks.size === 1) return { state: [...looks][0] };
  return unit.blank && !looks.has(unit.blank) && unit.states.every((s) => s.strokes) ? { state: null } : null;
}
