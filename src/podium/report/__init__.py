"""`podium report GAME`: a balance report for game designers — fairness by seat, length, skill against luck,
variants side by side and the game's own figures — as one self-contained HTML page and a JSON of every figure.

Modules: `run` (the options and the runs), `collect` (the jobs, on `podium.sim`'s backends), `stats` (ratings, skill
share, distributions), `figures` (the JSON document), `plots` (inline SVG), `render` (the page), `messages` (its
words in en/hu/nb). A game adds its own figures through its spec's `report` facet (`podium.api.report`).
"""
