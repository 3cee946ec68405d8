//! The search tree of a [`Recorder`]'s events as plain data: one node per
//! decision, each with its parent, the decision's text and how the node
//! ended (a failure named by its constraint, a solution). Drawn as
//! Graphviz DOT or directly as SVG (`--tree FILE.dot` / `FILE.svg`), and
//! the playground's tree panel reads the same.

use super::trace::{Event, Recorder, constraint, decision, pruning};
use crate::engine::Traced;
use crate::model::Model;

/// How a node of the tree ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// Branched further, or cut off by the end of the recording.
    Open,
    /// Failed: by this constraint, or `None` without one to blame.
    Failed(Option<String>),
    /// The k-th solution (from 1).
    Solution(usize),
}

/// A node: the root (node 0) or a decision.
#[derive(Clone, Debug)]
pub struct Node {
    pub parent: Option<usize>,
    pub depth: usize,
    /// The decision that leads here (empty for the root).
    pub decision: String,
    /// Whether it is a decision's first branch (`x = v`): a node as
    /// `--stats` counts them; its other branch (`x != v`) is not one.
    pub left: bool,
    pub end: End,
    /// What the named constraints pruned at this node, as `--trace`
    /// prints it (when the recorder kept prunings).
    pub prunings: Vec<String>,
}

/// The recorded part of a search tree.
#[derive(Clone, Debug)]
pub struct Tree {
    pub nodes: Vec<Node>,
    /// The recording stopped before the search did.
    pub cut: bool,
}

impl Tree {
    pub fn new(recorder: &Recorder, model: &Model) -> Tree {
        let mut nodes = vec![Node {
            parent: None,
            depth: 0,
            decision: String::new(),
            left: false,
            end: End::Open,
            prunings: Vec::new(),
        }];
        // The nodes on the current path, by depth.
        let mut path = vec![0usize];
        let mut solutions = 0;
        for event in &recorder.events {
            let here = *path.last().expect("the root stays");
            match event {
                Event::Decision {
                    depth,
                    var,
                    choice,
                    left,
                } => {
                    path.truncate(*depth);
                    let parent = *path.last().expect("the root stays");
                    path.push(nodes.len());
                    nodes.push(Node {
                        parent: Some(parent),
                        depth: *depth,
                        decision: decision(model, *var, *choice, *left),
                        left: *left,
                        end: End::Open,
                        prunings: Vec::new(),
                    });
                }
                Event::Propagation(Traced::Failed { owner }) => {
                    nodes[here].end = End::Failed(Some(constraint(model, *owner)));
                }
                Event::Failure => nodes[here].end = End::Failed(None),
                Event::Solution => {
                    solutions += 1;
                    nodes[here].end = End::Solution(solutions);
                }
                Event::Restart => path.truncate(1),
                Event::Propagation(pruned @ Traced::Pruned { .. }) => {
                    nodes[here].prunings.extend(pruning(model, pruned));
                }
                Event::Root => {}
            }
        }
        Tree {
            nodes,
            cut: recorder.truncated,
        }
    }

    /// Graphviz DOT: the edges labelled with the decisions; failures red
    /// boxes naming the constraint, solutions green.
    pub fn dot(&self) -> String {
        let mut out = String::from(
            "digraph search {\n  node [shape=circle, label=\"\", width=0.2];\n  n0 [label=\"root\", shape=box];\n",
        );
        for (i, node) in self.nodes.iter().enumerate() {
            if let Some(parent) = node.parent {
                out.push_str(&format!(
                    "  n{parent} -> n{i} [label=\"{}\"];\n",
                    escape(&node.decision)
                ));
            }
            match &node.end {
                End::Open => {}
                End::Failed(by) => out.push_str(&format!(
                    "  n{i} [shape=box, color=red, fontcolor=red, label=\"{}\"];\n",
                    escape(by.as_deref().unwrap_or("fail"))
                )),
                End::Solution(k) => out.push_str(&format!(
                    "  n{i} [shape=doublecircle, color=darkgreen, fontcolor=darkgreen, label=\"{k}\"];\n"
                )),
            }
        }
        if self.cut {
            out.push_str("  cut [shape=plaintext, label=\"(the recording stops here)\"];\n");
        }
        out.push_str("}\n");
        out
    }

    /// Each node's place: the leaves one column each in depth-first
    /// order, a parent centred over its children, one row per depth.
    fn layout(&self) -> Vec<(f64, usize)> {
        let mut children = vec![Vec::new(); self.nodes.len()];
        for (i, node) in self.nodes.iter().enumerate() {
            if let Some(p) = node.parent {
                children[p].push(i);
            }
        }
        // Depth-first order: a parent before its children.
        let mut depth_first = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![0usize];
        while let Some(n) = stack.pop() {
            depth_first.push(n);
            stack.extend(children[n].iter().rev());
        }
        let mut x = vec![0.0; self.nodes.len()];
        let mut column = 0.0;
        for &n in &depth_first {
            if children[n].is_empty() {
                x[n] = column;
                column += 1.0;
            }
        }
        for &n in depth_first.iter().rev() {
            if let (Some(first), Some(last)) = (children[n].first(), children[n].last()) {
                x[n] = (x[*first] + x[*last]) / 2.0;
            }
        }
        x.into_iter()
            .zip(self.nodes.iter().map(|n| n.depth))
            .collect()
    }

    /// The columns its drawing takes (one per leaf, about 64 pixels each).
    pub fn columns(&self) -> usize {
        self.layout().iter().map(|p| p.0).fold(0.0, f64::max) as usize + 1
    }

    /// The tree drawn as SVG, no Graphviz needed: decisions on the edges,
    /// failures red squares with the constraint's name, solutions green.
    pub fn svg(&self) -> String {
        const DX: f64 = 64.0;
        const DY: f64 = 56.0;
        const MARGIN: f64 = 40.0;
        let places = self.layout();
        let columns = places.iter().map(|p| p.0).fold(0.0, f64::max) + 1.0;
        let depth = places.iter().map(|p| p.1).max().unwrap_or(0) as f64 + 1.0;
        let (w, h) = (
            columns * DX + 2.0 * MARGIN + 120.0,
            depth * DY + 2.0 * MARGIN,
        );
        let at = |i: usize| (MARGIN + places[i].0 * DX, MARGIN + places[i].1 as f64 * DY);
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\" font-family=\"sans-serif\" font-size=\"9\">\n"
        );
        for (i, node) in self.nodes.iter().enumerate() {
            let Some(p) = node.parent else { continue };
            let ((x1, y1), (x2, y2)) = (at(p), at(i));
            // A left edge's label to its left, a right edge's to its right.
            let (anchor, shift) = match x2.total_cmp(&x1) {
                std::cmp::Ordering::Less => ("end", -3.0),
                std::cmp::Ordering::Greater => ("start", 3.0),
                std::cmp::Ordering::Equal => ("start", 4.0),
            };
            out.push_str(&format!(
                "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#999\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\" fill=\"#555\">{}</text>\n",
                (x1 + x2) / 2.0 + shift,
                (y1 + y2) / 2.0 + 3.0,
                xml(&node.decision)
            ));
        }
        for (i, node) in self.nodes.iter().enumerate() {
            let (x, y) = at(i);
            let title = format!("<title>{}</title>", xml(&node.decision));
            out.push_str(&match &node.end {
                End::Open if i == 0 => format!(
                    "<rect data-node=\"{i}\" x=\"{:.1}\" y=\"{:.1}\" width=\"28\" height=\"14\" fill=\"#fff\" stroke=\"#333\"/><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">root</text>\n",
                    x - 14.0,
                    y - 7.0,
                    y + 3.0
                ),
                End::Open => format!(
                    "<circle data-node=\"{i}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"#fff\" stroke=\"#333\">{title}</circle>\n"
                ),
                End::Failed(by) => format!(
                    "<rect data-node=\"{i}\" x=\"{:.1}\" y=\"{:.1}\" width=\"10\" height=\"10\" fill=\"#d33\">{title}</rect><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#d33\">{}</text>\n",
                    x - 5.0,
                    y - 5.0,
                    y + 16.0,
                    xml(by.as_deref().unwrap_or("fail"))
                ),
                End::Solution(k) => format!(
                    "<circle data-node=\"{i}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"7\" fill=\"#2a2\">{title}</circle><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#fff\">{k}</text>\n",
                    y + 3.0
                ),
            });
        }
        if self.cut {
            out.push_str(&format!(
                "<text x=\"{MARGIN}\" y=\"{:.0}\" fill=\"#555\">(the recording stops here: the tree is cut)</text>\n",
                h - 10.0
            ));
        }
        out.push_str("</svg>\n");
        out
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
