"""The Forge backend: card scripts (`res/cardsfolder/<letter>/<slug>.txt`), edition `[cards]` lines, and a
reader that turns a Forge script (ours or Forge's own) back into a spec so meanings can be compared.

Modules: `syntax` (lines, parameters, mana, keywords, safe text), `valid` (selectors <-> `ValidTgts`),
`counts` (count SVars such as `Count$PromisedGift.1.0`), `build` (spec -> script model, the render
context), `reader` (script -> spec), `edition` (set files), `backend` (the `Backend` protocol).
"""
