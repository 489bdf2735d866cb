"""The Forge backend: card scripts (`res/cardsfolder/<letter>/<slug>.txt`), edition files, and a reader that
turns a Forge script (ours or Forge's own) back into a spec so meanings can be compared.

Writing: `build` (card -> `script.Script`, the typed model `templates/forge/card.txt.j2` prints with one
macro per line form), `chain` (planning a chain of Forge abilities: "instead" splits), `effects` (one effect ->
one Forge ability, through the `forge.write` form of its construct in `cardgen.vocab`), `kit` (the pieces those
forms are written with), `valid` (selectors <-> `ValidTgts$` expressions), `tokens` (token script names),
`counts` (promise counts such as `Count$PromisedGift.1.0`), `edition` (set files), `syntax` (lines, mana,
keywords, safe text, diagnostic codes).
Reading: `reader` (lines, header, keywords, abilities), `read_apis` (one Forge ability -> spec effects, through
the `forge.reads` readers of the constructs), `read_model` (shared vocabulary, parameter bag, read chains).
`backend.ForgeBackend` implements `cardgen.engines.base.Backend`.
"""
