"""Work that outgrows one process: surveys of whole families of games and tiered strong
solving, on local worker processes or on a Ray cluster.

Examples
--------
>>> from grundy.scale import survey, summarize
>>> results = survey("0.d7", upto=1000, engine="local", workers=1)
>>> summarize(results).certified, len(results)
(5, 8)
"""

from ..engines import ENGINES, Engine, EngineError, LocalEngine, RayEngine, make_engine
from .survey import (
    SurveyError,
    SurveyResult,
    SurveySummary,
    expand_family,
    results_path,
    summarize,
    survey,
    survey_game,
)

__all__ = [
    "ENGINES",
    "Engine",
    "EngineError",
    "LocalEngine",
    "RayEngine",
    "make_engine",
    "SurveyError",
    "SurveyResult",
    "SurveySummary",
    "expand_family",
    "results_path",
    "survey",
    "survey_game",
    "summarize",
]
