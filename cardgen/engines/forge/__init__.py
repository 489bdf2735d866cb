"""The Forge backend: card scripts (`res/cardsfolder/<letter>/<slug>.txt`), edition files, and a reader that
turns a Forge script (ours or Forge's own) back into a spec so meanings can be compared.

Writing: `build` (card -> `ScriptModel`, the context of `templates/forge/card.txt.j2`), `chain` (planning
a chain of Forge abilities: "instead" splits, SVar lines), `effects` (one effect -> one Forge ability),
`valid` (selectors <-> `ValidTgts$` expressions), `tokens` (token script names), `counts` (promise
counts such as `Count$PromisedGift.1.0`), `edition` (set files), `syntax` (lines, mana, keywords, safe
text, diagnostic codes).
Reading: `reader` (lines, header, keywords, abilities), `read_apis` (one Forge API -> spec effects),
`read_model` (shared vocabulary, parameter bag, read chains).
`backend.ForgeBackend` implements `cardgen.engines.base.Backend`.
"""
