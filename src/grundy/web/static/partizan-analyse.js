// The analyse view of a partizan position (Conway's theory): its canonical form in
// CGSuite's notation, who wins, the stops, mean and temperature, the components' values,
// the thermograph drawn from its exact walls, each player's winning moves and every move
// with the value it leaves, and the board, whose moves go to the position they leave.
// Everything comes from one /api/value answer; every number is the server's exact text.

import { api } from "./api.js";
import { $, clear, el, moveButton } from "./dom.js";
import { goToPosition } from "./header.js";
import { addFact, showLoopyFacts } from "./loopy-facts.js";
import { showPartizanBoard } from "./partizan-boards.js";
import { analyseMove } from "./partizan-moves.js";
import { analysedPosition, boardText, familyOf, generation, otherSide, state } from "./state.js";
import { drawThermograph } from "./thermograph.js";

export const PARTIZAN_OUTCOMES = {
  L: "L: Left wins, whoever moves first",
  R: "R: Right wins, whoever moves first",
  N: "N: the first player wins, Left or Right",
  P: "P: the second player wins: whoever moves first loses",
};

/** Who wins with `mover` to move, from the outcome class. */
function winnerWith(outcome, mover) {
  if (outcome === "L") return "Left";
  if (outcome === "R") return "Right";
  return outcome === "N" ? mover : otherSide(mover);
}

/** What kind of game the value is: a number, a nimber, an infinitesimal. */
function kindWords(report) {
  if (report.number !== null && report.number !== undefined) return "(a number)";
  if (report.nim_value !== null && report.nim_value !== undefined) return "(a nimber)";
  if (report.infinitesimal) return report.all_small ? "(infinitesimal, all-small)" : "(infinitesimal)";
  return "";
}

function temperatureWords(t) {
  if (t === "0") return "0 (tepid: a number and an infinitesimal)";
  if (t.startsWith("-")) return `${t} (cold: a number, which neither player wants to move in)`;
  return `${t} (hot: each player gains by moving first)`;
}

/** Empty what a partizan analysis drew (before any position is drawn). */
export function resetPartizan() {
  for (const node of document.querySelectorAll(".pz-fact")) node.remove();
  $("sg-value").classList.remove("canonical");
  $("winning-moves").classList.remove("pz-wins-box");
  $("reason-label").hidden = $("reason").hidden = false;
  $("analyse-position").hidden = false;
  $("analyse-board").hidden = true;
  clear($("analyse-board"));
  $("thermograph-card").hidden = true;
  clear($("thermograph"));
}

export function showFacts(report) {
  $("sg-value").textContent = report.value;
  $("sg-value").classList.add("canonical");
  $("remoteness").textContent = kindWords(report);
  const mover = report.to_move;
  const words = PARTIZAN_OUTCOMES[report.outcome] || report.outcome;
  $("outcome").textContent = mover
    ? `${words}. With ${mover} to move here, ${winnerWith(report.outcome, mover)} wins.` : words;
  $("outcome").className = `outcome-${report.outcome}`;
  addFact("Stops", `Left ${report.left_stop}, Right ${report.right_stop}`, "stops");
  addFact("Mean", report.mean, "mean");
  addFact("Temperature", temperatureWords(report.temperature), "temperature");
  if (report.reduced_canonical_form !== report.value) {
    addFact("Reduced form", report.reduced_canonical_form, "reduced");
  }
  if (report.atomic_weight !== null && report.atomic_weight !== undefined) {
    addFact("Atomic weight", report.atomic_weight, "atomic-weight");
  }
  addFact("Birthday", String(report.birthday), "birthday");
  if (report.components) {
    const list = el("ul", { class: "pz-components" });
    for (const part of report.components) {
      list.append(el("li", {}, el("code", { text: part.text }), " = ",
                     el("strong", { text: part.value })));
    }
    addFact("Components", [list, el("span", { class: "muted",
      text: `independent parts: the value is their sum, ${report.value}` })], "components");
  }
}

/** Each player's winning moves (moving first), as buttons to the position they leave. */
function showWins(report) {
  const box = clear($("winning-moves"));
  box.classList.add("pz-wins-box");
  for (const player of ["Left", "Right"]) {
    const key = player.toLowerCase();
    const moves = report[`${key}_wins`];
    const group = el("div", { class: `pz-wins pz-${key}-wins`, "data-testid": `${key}-wins` },
                     el("h3", { text: `${player}, moving first, wins by` }));
    const buttons = el("div", { class: "move-buttons" });
    for (const described of moves) {
      buttons.append(moveButton(described.move, described.position,
                                () => goToPosition(described.position), "winning"));
    }
    if (!moves.length) {  // a loopy game's player may draw instead
      const does = report.loopy ? report[`${key}_moving_first`] : "loses";
      buttons.append(el("p", { class: "muted", text: does === "draws"
        ? `no winning move: ${player}, moving first, draws (play goes on for ever)`
        : `no move: ${player}, moving first, loses (${otherSide(player)} wins)` }));
    }
    const more = report[`${key}_wins_count`] - moves.length;
    if (more > 0) buttons.append(el("p", { class: "muted", text: `and ${more} more` }));
    group.append(buttons);
    box.append(group);
  }
}

/** Every move of each player, with the value it leaves; a winning one is marked. */
function showEveryMove(report) {
  const list = clear($("options"));
  for (const player of ["Left", "Right"]) {
    for (const m of report[`${player.toLowerCase()}_moves`]) {
      // A loopy game's move says what it does (wins, draws, loses), not the value it leaves.
      const does = m.result || (m.wins ? "wins" : "loses");
      const leaves = m.value === null ? "" : `leaves ${m.value}: `;
      const badge = { wins: "pz-badge-win", draws: "pz-badge-draw" }[does] || "pz-badge-lose";
      list.append(el("li", {},
        el("button", { type: "button", class: `option pz-option pz-${player.toLowerCase()}-move`
                         + `${m.wins ? " winning" : ""}`,
                       "data-position": m.text, onclick: () => goToPosition(m.text),
                       title: `${leaves}${player} ${does} (moving second from there)` },
           el("span", { class: "move-words", text: m.move }),
           el("span", { class: `badge pz-badge ${badge}`, text: m.value ?? does }),
           el("span", { class: "move-to", text: `→ ${m.text}` }))));
    }
  }
  const count = report.left_moves.length + report.right_moves.length;
  $("options-note").textContent = (!count ? "No moves: whoever is to move loses."
    : report.loopy ? "Each move with what it does for its player, moving second from there: "
      + "wins, draws (play goes on for ever) or loses."
      : "Each move with the value it leaves; green: its player wins from there, moving second "
      + "(a value ≥ 0 for Left, ≤ 0 for Right).")
      + (report.moves_complete ? "" : " Only the first moves are listed.");
}

/** Draw the partizan analysis of the analysed position; false if a newer one took over. */
export async function renderPartizanAnalyse(mine) {
  $("value-label").textContent = "Value";
  $("winning-title").textContent = "Winning moves";
  $("reason-label").hidden = $("reason").hidden = true;
  const report = await api("value", { game: state.game, position: analysedPosition() });
  if (mine !== generation.analyse) return false;
  const mover = report.to_move ? ` ${report.to_move}` : "";
  $("analyse-position").textContent = boardText(`${report.position_text}${mover}`);
  if (report.loopy) {  // a loopy game's position (Fox and Geese): no canonical form
    showLoopyFacts(report, report.to_move);
    $("outcome").dataset.outcome = report.outcome;
  } else {
    showFacts(report);
    $("thermograph-card").hidden = false;
    drawThermograph($("thermograph"), report.thermograph, report.value);
  }
  const family = familyOf(state.game);
  const moves = [...report.left_moves.map((m) => analyseMove("Left", m)),
                 ...report.right_moves.map((m) => analyseMove("Right", m))];
  const board = clear($("analyse-board"));
  const drawn = showPartizanBoard(board, family ? family.name : "", report.position, moves,
                                  (m) => goToPosition(m.text), report.to_move);
  board.hidden = !drawn;
  $("analyse-position").hidden = drawn === "grid";
  showWins(report);
  showEveryMove(report);
  return true;
}
