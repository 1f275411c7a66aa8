"""Plain words for the playground's game picker: each catalog game's title, family and
rules (one short paragraph with a tiny example), keyed by its registry name.

The registry's one-line summaries are written for the command line (``bash:M``,
``0.d1d2...``); these are written for a person choosing a game from a list. Each rule's
example is a move of the catalog's example game, ``move``: a position and one it may leave,
as the server writes positions (tests/test_web_api.py checks the move is legal); a
partizan game's example is a move of Left's, and says what each player does (`sides`).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FAMILIES", "TEXTS", "GameText", "describe"]

# The picker's groups, in the order it shows them.
FAMILIES = (
    "Nim family",
    "Take-and-break",
    "Coins",
    "Board games",
    "Partizan games",
    "Two-player games",
)


@dataclass(frozen=True, slots=True)
class GameText:
    title: str
    family: str
    rules: str
    move: tuple[str, str]  # the rules' example: a position, and one a move may leave
    parameter: str | None = None  # what a person types for the game's parameter or code
    sides: tuple[str, str] | None = None  # partizan games: what Left and Right each do


TEXTS: dict[str, GameText] = {
    "nim": GameText(
        "Nim",
        "Nim family",
        "Take any number of tokens, at least one, from one heap. Whoever takes the last "
        "token wins. From 3 4 5 you may leave 1 4 5.",
        ("3 4 5", "1 4 5"),
    ),
    "bash": GameText(
        "Bash (take 1 to M)",
        "Nim family",
        "Take 1 to M tokens from one heap; whoever takes the last token wins. With M = 3, "
        "from 10 you may leave 9, 8 or 7.",
        ("10", "7"),
        "M, the most one may take",
    ),
    "subtraction": GameText(
        "Subtraction game (take from a set)",
        "Nim family",
        "Take from one heap a number of tokens in the set S, such as 1,3,4, or given by a "
        "rule: squares, primes, fibonacci, powers-of-two, factorials, triangular. With "
        "S = 1,3,4, from 10 7 you may leave 6 7 (taking 4), but not 8 7.",
        ("10 7", "6 7"),
        "S, the amounts one may take: 1,3,4 or squares",
    ),
    "allbut": GameText(
        "All-but subtraction (take any but a set)",
        "Nim family",
        "Take from one heap any number of tokens except those in the set S. With "
        "S = 2,3,7, from 9 4 you may leave 5 4 (taking 4), but not 6 4 (taking 3).",
        ("9 4", "5 4"),
        "S, the amounts one may not take: 2,3,7",
    ),
    "wythoff": GameText(
        "Wythoff's game",
        "Nim family",
        "Two heaps. Take any number of tokens from one heap, or the same number from both. "
        "From 4 9 you may leave 4 3, or 1 6 (3 from each).",
        ("4 9", "1 6"),
    ),
    "king": GameText(
        "King to the corner",
        "Board games",
        "A king on a board whose corner is at 0 0 steps one square left, down, or "
        "diagonally toward the corner. Whoever cannot move loses. From 3 5 he may go to "
        "2 4.",
        ("3 5", "2 4"),
    ),
    "knight": GameText(
        "Knight to the corner",
        "Board games",
        "A knight on a board whose corner is at 0 0 moves two squares toward the corner "
        "along one side and one square either way along the other, and stays on the board. "
        "Whoever cannot move loses. From 5 9 it may go to 3 10.",
        ("5 9", "3 10"),
    ),
    "steps": GameText(
        "A piece moved by fixed steps",
        "Board games",
        "A piece at a b moves by one of the steps S (dx,dy/dx,dy/…) as long as it stays on "
        "the board (a, b ≥ 0). With S = -1,0/0,-1/-2,-2, from 3 4 it may go to 1 2.",
        ("3 4", "1 2"),
        "S, the steps: -1,0/0,-1/-2,-2",
    ),
    "fibonacci-nim": GameText(
        "Fibonacci Nim",
        "Nim family",
        "One heap. The first player takes any number of tokens but not all; after that, "
        "each takes at least one and at most twice what the other just took. Whoever takes "
        "the last token wins. A position is the heap, or the heap and the most one may "
        "take: from 20, taking 3 leaves 17 6.",
        ("20", "17 6"),
    ),
    "staircase": GameText(
        "Staircase Nim",
        "Nim family",
        "Coins stand on the steps of a staircase; the position lists the coins on steps "
        "1, 2, 3… Move any number of coins from one step down to the next (from step 1, to "
        "the ground). From 3 1 2 you may leave 3 2 1 (a coin from step 3 to step 2).",
        ("3 1 2", "3 2 1"),
    ),
    "staircase-any": GameText(
        "Staircase Nim (any lower step)",
        "Nim family",
        "Coins on steps as in Staircase Nim, but a move takes one coin down to any lower "
        "step, or to the ground. From 1 2 1 you may leave 2 2 0 (the coin on step 3 down to "
        "step 1).",
        ("1 2 1", "2 2 0"),
    ),
    "moore": GameText(
        "Moore's Nim (up to K heaps)",
        "Nim family",
        "Take tokens from at least one and at most K heaps at once, any number from each. "
        "With K = 2, from 1 2 3 you may leave 0 1 3 (from the first two heaps).",
        ("1 2 3", "0 1 3"),
        "K, the most heaps one move may take from",
    ),
    "lasker": GameText(
        "Lasker's Nim",
        "Take-and-break",
        "Take any number of tokens from one heap, or split a heap into two smaller heaps "
        "without taking. From 2 5 you may leave 2 2, or 2 1 4 (the 5 split into 1 and 4).",
        ("2 5", "2 1 4"),
    ),
    "lieges": GameText(
        "Lieges of Legendre",
        "Take-and-break",
        "Take one token from a heap, or turn a heap of 2x tokens into K heaps of x. With "
        "K = 3, from 2 3 4 you may leave 2 3 2 2 2 (the 4 becomes three heaps of 2).",
        ("2 3 4", "2 3 2 2 2"),
        "K, the heaps a heap of 2x becomes",
    ),
    "kayles": GameText(
        "Kayles",
        "Take-and-break",
        "A heap is a row of pins. Knock down one pin or two neighbouring pins; a gap splits "
        "the row in two. From 3 5 you may leave 3 1 2 (two pins from the middle of the 5). "
        "Its code is 0.77.",
        ("3 5", "3 1 2"),
    ),
    "dawson": GameText(
        "Dawson's Kayles",
        "Take-and-break",
        "A heap is a row of pins. Knock down exactly two neighbouring pins; a gap splits "
        "the row in two. From 4 7 you may leave 4 2 3. Its code is 0.07.",
        ("4 7", "4 2 3"),
    ),
    "grundys-game": GameText(
        "Grundy's game",
        "Take-and-break",
        "Split one heap into two heaps of different sizes; heaps of 1 and 2 cannot be "
        "split. From 8 3 you may leave 3 5 3, but not 4 4 3.",
        ("8 3", "3 5 3"),
    ),
    "0.d1d2...": GameText(
        "Octal game (code)",
        "Take-and-break",
        "A code 0.d1d2d3… sets the rules: digit j says what taking j tokens from a heap "
        "may leave, adding 1 for no heap, 2 for one heap, 4 for two heaps (and 8 for three: "
        "hexadecimal). Kayles is 0.77. With 0.137, from 6 9 you may leave 6 3 3 (take 3 "
        "from the 9 and split the rest).",
        ("6 9", "6 3 3"),
        "the code, such as 0.137 or 0.3F",
    ),
    "hackenbush": GameText(
        "Green Hackenbush",
        "Board games",
        "A drawing of edges standing on the ground, vertex 0. Cut any edge: every edge no "
        "longer connected to the ground falls with it. Whoever cuts the last edge wins. A "
        "graph is its edges u-v (draw one under Analyse). From edges 0-1 0-4 1-2 1-3 4-5 you "
        "may leave edges 0-1 0-4 1-2 1-3 (cut 4-5), or edges 0-1 1-2 1-3 (cut 0-4: 4-5 "
        "falls too).",
        ("edges 0-1 0-4 1-2 1-3 4-5", "edges 0-1 0-4 1-2 1-3"),
    ),
    "digraph": GameText(
        "Tokens on a directed graph",
        "Board games",
        "Tokens stand on the vertices of a directed graph without cycles. A move slides one "
        "token along an edge, the way it points; whoever moves last wins. A position is the "
        "edges u-v (from u to v), then the tokens' vertices (draw one under Analyse). From "
        "edges 0-1 0-2 1-2 2-3 4-3 tokens 0 4 you may leave edges 0-1 0-2 1-2 2-3 4-3 "
        "tokens 2 4 (the token on 0 slides to 2).",
        ("edges 0-1 0-2 1-2 2-3 4-3 tokens 0 4", "edges 0-1 0-2 1-2 2-3 4-3 tokens 2 4"),
    ),
    "beans": GameText(
        "Beans in bottles",
        "Coins",
        "Bottles stand in a row; the position lists the beans in each. Take a bean out of "
        "a bottle and put two beans into bottles further right (both into one, or one into "
        "each of two); beans in the last bottle stay. From 2 3 1 you may leave 2 2 3 (a "
        "bean of the middle bottle becomes two in the last).",
        ("2 3 1", "2 2 3"),
    ),
    "turning-turtles": GameText(
        "Turning Turtles",
        "Coins",
        "A row of coins numbered 1, 2, 3…; the position lists those showing heads (or "
        "none). Turn over one or two coins; the right-hand one must go from heads to "
        "tails. From 1 4 6 you may leave 1 2 4 (coin 6 to tails, coin 2 to heads).",
        ("1 4 6", "1 2 4"),
    ),
    "mock-turtles": GameText(
        "Mock Turtles",
        "Coins",
        "As Turning Turtles, with the coins numbered from 0 and one to three coins turned "
        "over; the right-hand one must go from heads to tails. From 2 5 7 you may leave "
        "0 2 7 (coin 5 to tails, coin 0 to heads).",
        ("2 5 7", "0 2 7"),
    ),
    "ruler": GameText(
        "Ruler",
        "Coins",
        "A row of coins; the position lists those showing heads. Turn over a run of "
        "neighbouring coins; the right-hand one must go from heads to tails. From 3 6 8 "
        "you may leave 3 4 5 8 (coins 4 to 6 turned over).",
        ("3 6 8", "3 4 5 8"),
    ),
    "turning-corners": GameText(
        "Turning Corners",
        "Coins",
        "Coins on a grid; the position lists the heads coins as row,column. Pick a heads "
        "coin, a lower row and a lower column, and turn over the four corners of that "
        "rectangle (a corner in row or column 0 is left out). From 2,3 4,5 you may leave "
        "2,3 4,1 (coins 4,5 and 4,1 turned over).",
        ("2,3 4,5", "2,3 4,1"),
    ),
    "chomp": GameText(
        "Chomp",
        "Board games",
        "A chocolate bar whose bottom-left square is poisoned; the position lists the "
        "lengths of its rows, bottom row first (or RxC for a full bar). Pick a square and "
        "eat it with every square above it and to its right; whoever must eat the poison "
        "loses. From 3 3 3 you may leave 3 1 1 (a bite at row 2, column 2).",
        ("3 3 3", "3 1 1"),
    ),
    "cram": GameText(
        "Cram",
        "Board games",
        "Take turns to place a domino on two empty squares side by side, upright or lying "
        "down, as you like; whoever cannot place one loses. A board is RxC, or its rows with "
        "| between them and # for a covered square. From 2x3 you may leave #..|#.. (a "
        "domino down the first column).",
        ("2x3", "#..|#.."),
    ),
    "arc-kayles": GameText(
        "Arc Kayles",
        "Board games",
        "A graph of vertices joined by edges. Pick an edge: both its ends are deleted, with "
        "every edge at them; whoever cannot pick an edge loses. A graph is its edges u-v, "
        "or RxC for a grid. From edges 0-1 1-2 2-3 you may leave edges 2-3 (pick 0-1).",
        ("edges 0-1 1-2 2-3", "edges 2-3"),
    ),
    "domineering": GameText(
        "Domineering",
        "Partizan games",
        "Players take turns to place a domino on two empty squares of a board: Left (blue) "
        "places it upright, Right (red) lying down; whoever cannot place one loses. A board "
        "is RxC, or its rows with | between them and # for a covered square. From 3x3 "
        "Left may leave #..|#..|... (a domino down the first column).",
        ("3x3", "#..|#..|..."),
        sides=("upright dominoes", "dominoes lying down"),
    ),
    "clobber": GameText(
        "Clobber",
        "Partizan games",
        "Stones on a board, x for Left (blue) and o for Right (red), rows typed with | "
        "between them. A player moves one of their stones onto a neighbouring enemy stone "
        "(up, down, left or right), which is removed; whoever cannot move loses. From "
        "xox|ox. Left may leave .xx|ox. (the corner x takes the o beside it).",
        ("xox|ox.", ".xx|ox."),
        sides=("the x stones", "the o stones"),
    ),
    "cutcake": GameText(
        "Cutcake",
        "Partizan games",
        "Pieces of cake, R rows by C columns each, such as 3x4 or 3x4 + 2x2. Left (blue) "
        "cuts one piece in two along a line between its columns, Right (red) along a line "
        "between its rows; whoever cannot cut loses. From 3x4 Left may leave 3x1 + 3x3, "
        "or 3x2 + 3x2.",
        ("3x4", "3x1 + 3x3"),
        sides=("cuts between columns", "cuts between rows"),
    ),
    "amazons": GameText(
        "Amazons",
        "Partizan games",
        "Queens on a small board, x for Left (blue) and o for Right (red); # is a burnt "
        "square. A move slides one of your queens like a chess queen over empty squares, "
        "then shoots an arrow from where it lands, again like a queen, that burns the "
        "square it stops on; whoever cannot move loses. From x...|o... Left may leave "
        ".x..|o#.. (a1 to b1, burning b2).",
        ("x...|o...", ".x..|o#.."),
        sides=("the x queens", "the o queens"),
    ),
    "toads-and-frogs": GameText(
        "Toads and Frogs",
        "Partizan games",
        "A strip of squares. Left's toads T (blue) move right, Right's frogs F (red) move "
        "left: one square onto an empty one, or a jump over one creature of the other kind "
        "onto the empty square behind it; whoever cannot move loses. From TT..FF Left may "
        "leave T.T.FF.",
        ("TT..FF", "T.T.FF"),
        sides=("the toads T, moving right", "the frogs F, moving left"),
    ),
    "blue-red-hackenbush": GameText(
        "Blue-Red Hackenbush",
        "Partizan games",
        "A drawing standing on the ground: Left (blue) cuts blue edges l, Right (red) cuts "
        "red edges r, either may cut green edges e; whatever no longer reaches the ground "
        "falls. Whoever cannot cut loses. A stalk is typed from the ground up, such as "
        "lrl, branches in brackets: l(l;rl). From lrlrrllr Left may leave lrlrrl.",
        ("lrlrrllr", "lrlrrl"),
        sides=("the blue edges", "the red edges"),
    ),
    "snort": GameText(
        "Snort",
        "Partizan games",
        "Left (blue, x) and Right (red, o) take turns to colour an empty square of a board, "
        "or a vertex of a graph, never next to one of the other's colour; whoever cannot "
        "colour loses. A board is RxC or rows with | between them; a graph is typed as "
        "CGSuite does, such as L-.-.-.-L. From 2x3 Left may leave x..|... (a corner).",
        ("2x3", "x..|..."),
        sides=("colours x", "colours o"),
    ),
    "col": GameText(
        "Col",
        "Partizan games",
        "Left (blue, x) and Right (red, o) take turns to colour an empty square of a board, "
        "or a vertex of a graph, never next to one of their own colour; whoever cannot "
        "colour loses. A board is RxC or rows with | between them; a graph is typed as "
        "CGSuite does, such as R-.-R-.-L. From x..|... Left may leave x.x|... (not b1).",
        ("x..|...", "x.x|..."),
        sides=("colours x", "colours o"),
    ),
    "konane": GameText(
        "Konane",
        "Partizan games",
        "Stones x for Left (blue) and o for Right (red), rows typed with | between them. A "
        "stone jumps over an enemy stone next to it (up, down, left or right) into the "
        "empty square beyond, removing it, and may jump on in the same line; whoever "
        "cannot jump loses. From xo.o.|.ox.. Left may leave ....x|.ox.. (a double jump).",
        ("xo.o.|.ox..", "....x|.ox.."),
        sides=("the x stones", "the o stones"),
    ),
    "toppling-dominoes": GameText(
        "Toppling Dominoes",
        "Partizan games",
        "A row of dominoes: Left (blue) topples a blue domino l, Right (red) a red one r, "
        "either a grey one e, east or west, and it knocks over every domino that way up "
        "to an empty square. Whoever cannot topple loses. From lrl Left may leave lr. "
        "(the last domino toppled east).",
        ("lrl", "lr."),
        sides=("the blue dominoes l", "the red dominoes r"),
    ),
    "partizan-arc-kayles": GameText(
        "Partizan Arc Kayles",
        "Partizan games",
        "A graph of blue (l), red (r) and green (e) edges typed as CGSuite does: a path "
        "lrl, branches in brackets lr(e;l). Left takes a blue or green edge, Right a red "
        "or green one, and both its ends go with every edge at them; whoever cannot take "
        "an edge loses. From lrl Left may leave l (taking the first edge).",
        ("lrl", "l"),
        sides=("the blue edges", "the red edges"),
    ),
    "fox-and-geese": GameText(
        "Fox and Geese",
        "Partizan games",
        "Geese G (Left, blue) and a fox F (Right, red) on the light squares of a board 8 "
        "wide with no top, typed row by row from the top with | between rows. A goose "
        "steps one square diagonally down; the fox steps one square diagonally any way. "
        "Nobody captures and whoever cannot move loses: the geese must trap the fox, and a "
        "fox that gets past them wins. From .G.G.G.G|........|........|F....... Left may "
        "leave ...G.G.G|G.......|........|F....... (a goose b4 to a3).",
        (".G.G.G.G|........|........|F.......", "...G.G.G|G.......|........|F......."),
        sides=("the geese G, stepping down", "the fox F, any diagonal way"),
    ),
    "backsliding-toads-and-frogs": GameText(
        "Backsliding Toads and Frogs",
        "Partizan games",
        "Toads and Frogs on a strip, with steps back. Left's toads T (blue) move right, "
        "Right's frogs F (red) move left: one square onto an empty one, or a jump over one "
        "creature of the other kind onto the empty square behind it; either may also step "
        "one square back onto an empty one, so play may go on for ever (a draw). Whoever "
        "cannot move loses. From TT..FF Left may leave T.T.FF.",
        ("TT..FF", "T.T.FF"),
        sides=(
            "the toads T, moving right or a step back",
            "the frogs F, moving left or a step back",
        ),
    ),
    "tictactoe": GameText(
        "Tic-tac-toe",
        "Two-player games",
        "x and o take turns to mark an empty square of a 3 by 3 board, x first. Three in a "
        "row wins; a full board without one is a tie. A board is typed row by row, such as "
        "xo./.x./..o. From the empty board x may start in the centre.",
        ("", ".../.x./..."),
    ),
    "connect-four": GameText(
        "Connect four",
        "Two-player games",
        "x and o take turns to drop a counter into a column of a W by H board, x first; "
        "it falls as low as it can. Four in a row, across, up or diagonally, wins (K in a "
        "row with WxH/K); a full board is a tie. On an empty 4 by 4 board x may start in "
        "column 2.",
        ("", "-|x|-|-"),
        "WxH, the board's width and height (WxH/K: K in a row)",
    ),
    "give-and-take": GameText(
        "Give and take",
        "Two-player games",
        "A heap of N counters, x to move. Each turn a player takes 1 or 2 counters; x may "
        "instead give one back. Whoever takes the last counter wins; giving one back to a "
        "full heap ends the game in a tie, and play that goes round for ever is a draw. "
        "With N = 6, x may start by taking 2, leaving 4 with o to move.",
        ("", "4 o"),
        "N, the counters at the start",
    ),
}


def describe(name: str, parameter: str | None) -> dict:
    """The picker's words for the registry game `name`: title, family, rules, the rules'
    example move, and `code` (a person types its parameter or code) with what to type.

    Examples
    --------
    >>> describe("bash", "M")["title"], describe("bash", "M")["parameter"]
    ('Bash (take 1 to M)', 'M, the most one may take')
    >>> describe("kayles", None)["code"], describe("0.d1d2...", None)["code"]
    (False, True)
    """
    text = TEXTS[name]
    return {
        "title": text.title,
        "family": text.family,
        "rules": text.rules,
        "example_move": list(text.move),
        "code": text.parameter is not None,
        "parameter": text.parameter,
        "sides": None if text.sides is None else list(text.sides),
    }
