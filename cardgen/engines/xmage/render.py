"""Render one card spec to the text of its XMage class file (templates under `templates/xmage/`).

`model.card_class` decides the class (`lower`'s parts in the typed shell `card_model.CardClass`), or refuses
the card; `card.java.j2` writes it (each class after it by the `write` macro of its form's template), and the
written class is checked against XMage's constructors.
"""

from __future__ import annotations

import functools

import jinja2

from cardgen.engines.xmage.card_model import CardClass
from cardgen.engines.xmage.java_text import comment, comment_value, java_string
from cardgen.engines.xmage.model import PACKAGE_ROOT, card_class, card_class_name, card_path
from cardgen.engines.xmage.problems import BAD_CONSTRUCTOR, Unsupported
from cardgen.model.card import Card
from cardgen.render.environment import make_environment


def environment() -> jinja2.Environment:
    return make_environment("xmage", {"java_comment": comment, "java_string": java_string, "doc_string": doc_string})


def doc_string(text: str) -> str:
    """`text` as a string literal fit for a `/** ... */` comment: escaped like a literal, and `/` written
    `\\/` so that no `*/` can end the comment early (the reader undoes both)."""
    return java_string(text).replace("/", "\\/")


def render_card(card: Card, env: jinja2.Environment | None = None) -> str:
    """The Java source of the card's class. Raises `Unsupported` for what XMage can't express."""
    return checked_text(card_class(card), card, env)


def checked_text(model: CardClass, card: Card, env: jinja2.Environment | None = None) -> str:
    """The text of the class `model` describes for `card`, checked against XMage's constructors: raises
    `Unsupported` (XMG105, at the ability whose block holds the first bad call) when a `new X(...)` matches
    none of them. Export writes it; `cardgen validate` asks it (`cardgen.engines.refusals`), so both refuse
    the same classes."""
    from cardgen.engines.xmage.constructors import mismatches

    env = env or _shared_environment()
    text = _tidy(env.get_template("card.java.j2").render(card=model))
    wrong = mismatches(text)
    if wrong:  # a class XMage's compiler would refuse is never written
        raise Unsupported("the class would not compile against XMage's framework: " + "; ".join(map(str, wrong)),
                          code=BAD_CONSTRUCTOR, path=_ability_at(card, text, wrong[0].line))
    return text


def _ability_at(card: Card, text: str, line: int) -> tuple[str | int, ...]:
    """The spec path of the ability whose block (under its oracle line's comment) holds `line` of `text`;
    () when no block comment above it names one of the card's abilities."""
    lines = text.split("\n")[:line]
    for written in reversed(lines):
        stripped = written.strip()
        if stripped.startswith("//"):
            said = comment_value(stripped)
            found = [index for index, ability in enumerate(card.abilities) if getattr(ability, "text", None) == said]
            return ("abilities", found[0]) if found else ()
    return ()


@functools.cache
def _shared_environment() -> jinja2.Environment:
    return environment()


def _tidy(text: str) -> str:
    """One trailing newline, no trailing spaces, LF only (byte-identical output on every platform)."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


__all__ = ["PACKAGE_ROOT", "card_class", "card_class_name", "card_path", "checked_text", "doc_string", "environment",
           "render_card"]
