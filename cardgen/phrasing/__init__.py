"""Oracle text <-> spec structure, from one table of text forms per construct of the spec vocabulary.

- `cardgen.vocab.pattern` (below the registry, so that each construct declares its own forms with it):
  the pattern language (typed slots, shapes) in which every form is read both ways.
- `nouns`: filter and target noun phrases ("two target artifacts and/or enchantments"), from word tables.
- `words`: the other open-ended words (keywords, durations, P/T, mana, tokens, the card itself).
- `forms`: the grammar: subjects, players, amounts, durations, conditions, triggers, keywords and
  abilities, with each effect's forms taken from its construct (`cardgen.vocab`, slot `phrasings`).
- `compose`: what needs a whole ability (conditions over a sentence, "instead", back-references, ids).

`read_line` drafts an ability from an oracle line (`cardgen new`); `render_ability` writes an ability's
oracle line. Engine neutral, so the validator's text check and engines' rules text can use the same forms.
"""

from cardgen.phrasing.compose import Reading, Readings, read_all, read_line, render_ability

__all__ = ["Reading", "Readings", "read_all", "read_line", "render_ability"]
