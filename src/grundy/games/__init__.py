"""The catalog of games: each a family with its rules, closed form and winning moves."""

from ..impartial.sum_game import SumGame
from ..twoplayer.games import ConnectFour, GiveAndTake, TicTacToe
from .arc_kayles import ArcKayles
from .beans import BeanGame, bean_value
from .chomp import Chomp
from .coin_rows import MockTurtles, Ruler, TurningTurtles
from .coin_turning import CoinTurningGame
from .cram import Cram
from .digraph import DigraphGame
from .fibonacci_nim import FibonacciNim, zeckendorf
from .hackenbush import GreenHackenbush, hackenbush_value
from .heap_game import HeapGame, parse_heap
from .lasker import LaskersNim, SplitOrTake, lasker_value
from .lieges import LiegesOfLegendre
from .moore import MooreNim
from .nim import Nim
from .octal import KNOWN_PERIODS, DawsonsChess, DawsonsKayles, GrundysGame, Kayles, OctalGame
from .single_coin import SingleCoin
from .staircase import StaircaseNim, StaircaseNimAnyStep
from .steps import King, Knight, StepGame, parse_steps
from .subtraction import AllButSubtractionGame, Bash, SubtractionGame, parse_subtraction_set
from .subtraction_rules import SUBTRACTION_RULES, RuleSubtractionGame
from .turning_corners import TurningCorners
from .wythoff import Wythoff, wythoff_pair, wythoff_partner

__all__ = [
    "HeapGame",
    "parse_heap",
    "Nim",
    "Bash",
    "SubtractionGame",
    "parse_subtraction_set",
    "AllButSubtractionGame",
    "RuleSubtractionGame",
    "SUBTRACTION_RULES",
    "SumGame",
    "Chomp",
    "Cram",
    "CoinTurningGame",
    "TurningTurtles",
    "MockTurtles",
    "Ruler",
    "TurningCorners",
    "GreenHackenbush",
    "ArcKayles",
    "hackenbush_value",
    "DigraphGame",
    "BeanGame",
    "bean_value",
    "MooreNim",
    "LaskersNim",
    "SplitOrTake",
    "SingleCoin",
    "lasker_value",
    "LiegesOfLegendre",
    "OctalGame",
    "GrundysGame",
    "KNOWN_PERIODS",
    "Kayles",
    "DawsonsKayles",
    "DawsonsChess",
    "Wythoff",
    "StepGame",
    "King",
    "Knight",
    "parse_steps",
    "wythoff_pair",
    "wythoff_partner",
    "FibonacciNim",
    "zeckendorf",
    "StaircaseNim",
    "StaircaseNimAnyStep",
    "TicTacToe",
    "ConnectFour",
    "GiveAndTake",
]
