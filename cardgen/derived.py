"""Every file and class name cardgen derives from a spec, listed in one place so one check covers them all.

Names are derived, never stored (`cardgen.naming`), so two specs can derive the same name without either
saying so: `Foo: Bar` and `Foo Bar` give one Forge edition file, `Fire Ball` and `Fire-Ball` one XMage
class, `Heist Effect` the class of `Heist`'s effect. Written out, the second would silently replace the
first. Each derivation below lists, for a card (from its name alone) or a set, the names it produces in
each namespace (a folder or a Java package); `cardgen.validate.naming` proves them unique when folded
(`names.fold`: NFKC and casefold, as a case-insensitive file system compares them), not Windows-reserved,
and, for Java classes, not a keyword nor a class the generated code imports or extends.

A backend that writes a new kind of file adds its derivation to `CARD_DERIVATIONS` or `SET_DERIVATIONS`;
nothing else needs to change for the check to cover it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from cardgen.engines.forge.edition import edition_file_name
from cardgen.engines.xmage import data as xmage_data
from cardgen.engines.xmage.names import HELPER_ROLES
from cardgen.engines.xmage.sets import SETS_ROOT, set_class_name
from cardgen.model.card import SetInfo
from cardgen.naming import class_name, letter, slug


class Derived(NamedTuple):
    """One name a spec gives an engine file or class (a named tuple: there are several per card, and a
    catalog can hold 100,000 cards)."""

    what: str
    """What it names, for messages: `Forge card script`."""
    space: str
    """Where it must be unique: an engine folder (`forge:cardsfolder/b`) or Java package (`xmage:mage.cards.b`)."""
    name: str
    """The file or class name as written (`blooming_blast.txt`, `BloomingBlast`)."""
    file: str | None = None
    """The file it is written to, when it is one (Windows-reserved names are checked on it)."""
    java: str | None = None
    """`card` or `class` when it is a Java class name (a card class must start with a letter)."""
    suffixes: tuple[str, ...] = ()
    """The name also takes `<name><suffix>`, `<name><suffix>2`, ... (a card class's helper classes,
    `<Card>Effect`, in the same package)."""


def forge_card(name: str) -> list[Derived]:
    stem = slug(name)
    if not stem:
        return []  # no file name at all: CG406, reported by the per-card check
    folder = f"cardsfolder/{letter(stem)}"
    return [Derived("Forge card script", f"forge:{folder}", f"{stem}.txt", f"{folder}/{stem}.txt")]


def xmage_card(name: str) -> list[Derived]:
    cls = class_name(name)
    if not cls:
        return []  # as forge_card: CG406
    folder = letter(cls)
    return [Derived("XMage card class", f"xmage:mage.cards.{folder}", cls,
                    f"Mage.Sets/src/mage/cards/{folder}/{cls}.java", "card", HELPER_ROLES)]


def xmage_tests(name: str) -> list[Derived]:
    """The XMage test classes a card with scenarios gets (`cardgen.engines.xmage.scenario_tests`):
    `<Class>Test` and, for scenarios of more than two players, `<Class>MultiplayerTest`. Their package is
    the first printing's set; they are kept unique across all sets, which a card's name alone can decide."""
    cls = class_name(name)
    if not cls:
        return []  # as forge_card: CG406
    space = "xmage:org.mage.test.cards.single"
    return [Derived("XMage test class", space, f"{cls}{suffix}", java="class")
            for suffix in ("Test", "MultiplayerTest")]


def forge_set(info: SetInfo) -> list[Derived]:
    path = edition_file_name(info)
    return [Derived("Forge edition file", "forge:editions", path.rsplit("/", 1)[1], file=path)]


def xmage_set(info: SetInfo) -> list[Derived]:
    cls = set_class_name(info)
    suffix = ".cards.txt" if info.code in xmage_data.known_sets() else ".java"
    return [Derived("XMage set class", "xmage:mage.sets", cls, file=f"{SETS_ROOT}/{cls}{suffix}", java="class")]


CARD_DERIVATIONS: list[Callable[[str], list[Derived]]] = [forge_card, xmage_card, xmage_tests]
"""Card name -> the names its files and classes get, per engine."""
SET_DERIVATIONS: list[Callable[[SetInfo], list[Derived]]] = [forge_set, xmage_set]


def card_names(name: str) -> list[Derived]:
    return [derived for derive in CARD_DERIVATIONS for derived in derive(name)]


def set_names(info: SetInfo) -> list[Derived]:
    return [derived for derive in SET_DERIVATIONS for derived in derive(info)]


def engine_owned_sets(our_codes: set[str]) -> list[tuple[str, str, str]]:
    """(code, class, name) of the sets XMage already has, except our own sets' (which we merge into, by
    design): a new set may take neither the class nor the name of one of these. (XMage and Forge both use
    the printed set name, so the name also stands for Forge's edition file.)"""
    return [(code, cls, name) for code, (cls, name) in sorted(xmage_data.known_sets().items())
            if code not in our_codes]
