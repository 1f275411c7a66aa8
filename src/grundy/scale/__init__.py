"""Work that outgrows one process: surveys of whole families of games (normal play, or a
census of their misère quotients) and tiered strong solving, on local worker processes or
on a Ray cluster.

Examples
--------
>>> from grundy.scale import survey, summarize
>>> results = survey("0.d7", upto=1000, engine="local", workers=1)
>>> summarize(results).certified, len(results)
(5, 8)
"""

from ..core.engines import ENGINES, Engine, EngineError, LocalEngine, RayEngine, make_engine
from .misere_survey import (
    CENSUS_MAX_WORK,
    MisereSurveyResult,
    MisereSurveySummary,
    census_lines,
    misere_results_path,
    misere_survey,
    misere_survey_game,
    summarize_misere,
)
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
    "CENSUS_MAX_WORK",
    "MisereSurveyResult",
    "MisereSurveySummary",
    "misere_results_path",
    "misere_survey",
    "misere_survey_game",
    "summarize_misere",
    "census_lines",
]
