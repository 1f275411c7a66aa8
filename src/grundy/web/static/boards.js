// The board of the play view, drawn from the position's JSON in the options listing: each
// family of games registers how to draw its position and how a click becomes a move (the
// text of one of the listed options). Heaps as rows of tokens are the default.

import { showArcKaylesBoard } from "./arc-kayles-board.js";
import { showBeans } from "./beans-board.js";
import { showHeaps } from "./board.js";
import { showChomp } from "./chomp-board.js";
import {
  showMockTurtles, showRuler, showTurningCorners, showTurningTurtles,
} from "./coins-board.js";
import { clear } from "./dom.js";
import { showDigraphBoard, showHackenbushBoard } from "./edge-boards.js";
import { showFibonacci } from "./fibonacci-board.js";
import { showGiveAndTake } from "./give-and-take-board.js";
import { showConnectFour, showTicTacToe } from "./grid.js";
import { showMoore } from "./moore-board.js";
import { cramPlayBoard, partizanPlayBoard } from "./partizan-boards.js";
import { showPiece, showQueen } from "./queen-board.js";
import { showStaircase, showStaircaseAny } from "./staircase-board.js";
import { familyOf, hasHeaps, state } from "./state.js";

/**
 * Family name (the catalog's `name`, e.g. "tictactoe", "connect-four:WxH[/K]") -> a
 * function (box, listing, playMove) that fills `box` with the board. `listing` is the
 * answer of /api/options: `position` (JSON), `options` (each with `position`, `text`,
 * `move` and its verdict fields), `complete`. `playMove(text)` plays the option whose
 * text is given.
 */
const BOARDS = new Map([
  ["tictactoe", showTicTacToe],
  ["connect-four:WxH[/K]", showConnectFour],
  ["chomp", showChomp],
  ["turning-turtles", showTurningTurtles],
  ["mock-turtles", showMockTurtles],
  ["ruler", showRuler],
  ["turning-corners", showTurningCorners],
  ["wythoff", showQueen],
  ["king", showPiece("♚", "the king")],
  ["knight", showPiece("♞", "the knight")],
  ["steps:S", showPiece("●", "the piece")],
  ["staircase", showStaircase],
  ["staircase-any", showStaircaseAny],
  ["fibonacci-nim", showFibonacci],
  ["beans", showBeans],
  ["moore:K", showMoore],
  ["give-and-take:N", showGiveAndTake],
  ["hackenbush", showHackenbushBoard],
  ["digraph", showDigraphBoard],
  ["cram", cramPlayBoard],
  ["arc-kayles", showArcKaylesBoard],
  ...["domineering", "clobber", "cutcake", "amazons", "toads-and-frogs", "blue-red-hackenbush"]
    .map((name) => [name, partizanPlayBoard(name)]),
  ...["snort", "col", "konane", "toppling-dominoes", "partizan-arc-kayles"]
    .map((name) => [name, partizanPlayBoard(name)]),
  ["fox-and-geese", partizanPlayBoard("fox-and-geese")],
]);

/**
 * Fill `box` with the board of the position listed (heaps when no board is registered);
 * return whether a board was drawn (a position too big for its board draws nothing).
 */
export function showBoard(box, listing, playMove) {
  clear(box);
  const family = familyOf(state.game);
  const draw = family ? BOARDS.get(family.name) : undefined;
  if (draw) draw(box, listing, playMove);
  else if (hasHeaps()) showHeaps(box, listing, playMove);
  return box.childElementCount > 0;
}
