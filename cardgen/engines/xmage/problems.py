"""The XMage backend's diagnostic codes and the exception that carries one out of deep lowering code.

A spec the XMage framework cannot express is a diagnostic on that card (the export stops), never a
crash and never a silently wrong class. Reading an XMage file back reports every construct the reader
does not understand, for the same reason.
"""

from __future__ import annotations

from cardgen.diagnostics import Diagnostic, Positions, location_of

UNSUPPORTED = "XMG100"
"""The spec uses a construct this backend cannot render as XMage framework code."""
UNKNOWN_SUBTYPE = "XMG101"
"""A subtype XMage's `SubType` enum does not have."""
BAD_CLASS_NAME = "XMG102"
"""The card name gives no usable Java class name, or it clashes with a framework class."""
TARGETS = "XMG103"
"""The targets' gift conditions do not fit XMage's `ConditionalTargetAdjuster`."""
DUPLICATE_CLASS = "XMG104"
"""Two cards would be written to the same class file."""
BAD_CONSTRUCTOR = "XMG105"
"""A `new X(...)` of the class matches none of XMage's constructors of X (`constructors.txt`)."""
READ_SYNTAX = "XMG200"
"""The file is not valid Java."""
READ_UNKNOWN = "XMG201"
"""A construct the reader does not understand (it is reported, never dropped)."""
READ_NO_PRINTING = "XMG202"
"""No set registration names the class, so the card's name and printings are guessed."""
READ_INVALID = "XMG203"
"""What the reader understood does not form a valid spec."""

RULE = "xmage"


class Unsupported(Exception):
    """Raised while lowering a spec; becomes a diagnostic on the card."""

    def __init__(self, message: str, code: str = UNSUPPORTED, rule: str | None = RULE,
                 path: tuple[str | int, ...] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule
        self.path = path if path is not None else (("name",) if code == BAD_CLASS_NAME else ())
        """Where in the spec the problem is (a model path, as in `LoadedCard.positions`)."""

    def diagnostic(self, file: str, positions: Positions | None = None) -> Diagnostic:
        return Diagnostic(self.code, str(self), location_of(file, positions or {}, self.path), self.rule)
