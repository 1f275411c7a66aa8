"""The catalog of partizan games: grid games (Domineering, Clobber, Amazons, Cutcake...).

Each is a :class:`~grundy.partizan.PartizanGame` whose positions people write as CGSuite
does (``"..#|..."``); values are canonical forms, and loopy values for the games whose
positions repeat (Fox and Geese, Backsliding Toads and Frogs).
"""

from .amazons import Amazons
from .arc_kayles import PartizanArcKayles
from .backsliding_toads_and_frogs import BackslidingToadsAndFrogs
from .clobber import AntiClobber, Clobber, GenClobber, HotClobber, Kings, Knights, Queens, Rooks
from .cutcake import Cutcake, Eatcake, GenCutcake, MaundyCake, TurnAndEatcake
from .domineering import Cram, Domineering
from .fox_and_geese import CeyloneseFoxAndGeese, FoxAndGeese
from .hackenbush import Hackenbush
from .konane import Konane
from .snort_col import Col, GenCol, Snort
from .toads_and_frogs import ToadsAndFrogs
from .toppling_dominoes import TopplingDominoes

__all__ = [
    "Hackenbush",
    "ToadsAndFrogs",
    "Domineering",
    "Cram",
    "GenClobber",
    "Clobber",
    "AntiClobber",
    "HotClobber",
    "Kings",
    "Knights",
    "Rooks",
    "Queens",
    "Amazons",
    "GenCutcake",
    "Cutcake",
    "Eatcake",
    "MaundyCake",
    "TurnAndEatcake",
    "GenCol",
    "Snort",
    "Col",
    "Konane",
    "TopplingDominoes",
    "PartizanArcKayles",
    "FoxAndGeese",
    "CeyloneseFoxAndGeese",
    "BackslidingToadsAndFrogs",
]
