"""The application layer: games by name (the registry), the answers the CLI and the web
give (reports), and play against perfect play; the interfaces only format these.

Examples
--------
>>> from grundy.app import registry
>>> registry.find("bash:3").grundy(7)
3
"""
