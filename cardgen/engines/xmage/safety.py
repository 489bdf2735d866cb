"""What an XMage card class cannot carry in a name or a line of text, for validation to refuse.

Names and rules text go into Java string literals (`super(ownerId, setInfo, ...)`, `this.addAbility(...)`
descriptions): a `"` would end the literal and a `\\` start an escape. The renderers escape the quotes
printed text legitimately holds; names never hold either. The rules for class names are in `names`.
Validation (`cardgen.validate.charset`) asks this module, so the XMage rules are stated beside the
writer they protect.
"""

from __future__ import annotations

NAME_FORBIDDEN = frozenset('\\"')
"""Never in a name: it is written inside a Java string literal, unescaped."""

TEXT_FORBIDDEN = frozenset("\\")
"""Never in rules text: a backslash would start an escape in the Java string literal (quotes are escaped
by the renderer)."""
