"""What the trigger events that name a filter of permanents share: the checks of their spec model (a
permanent on the battlefield; "another" said by the event itself) and the words XMage's rules text prints
for the filter, singular ("another Rabbit you control") and plural ("one or more tokens you control")."""

from __future__ import annotations

from cardgen.model.parts import ObjectFilter


def on_battlefield(value: ObjectFilter, verb: str) -> ObjectFilter:
    """A filter of what `verb`s ("enters", "dies"): a permanent (603.6a, 700.4)."""
    if value.zone != "battlefield":
        raise ValueError(f"what {verb} is a permanent (`zone: battlefield`)")
    return value


def without_other(value: ObjectFilter) -> ObjectFilter:
    """A "this or another ..." filter: the event says "another" itself."""
    if value.other:
        raise ValueError("the event says 'another' itself: the filter has no `other`")
    return value


def any_permanent(value: ObjectFilter) -> ObjectFilter:
    """`types: [permanent]` on the battlefield is any of them: no type to check."""
    return value.model_copy(update={"types": []}) if value.types == ["permanent"] else value


def said(flt: ObjectFilter) -> str:
    """The filter's words as XMage's filter message says them ("Rabbit you control", "creature you control
    with flying")."""
    kinds = [*flt.subtypes, *flt.types] or ["permanent"]
    listed = " or ".join(kinds) if len(kinds) < 3 else ", ".join(kinds[:-1]) + ", or " + kinds[-1]
    words = [*(["nontoken"] if flt.token is False else []), *[f"non{t}" for t in flt.not_types], listed,
             *(["token"] if flt.token is True else []), *(["you control"] if flt.controller == "you" else []),
             *[f"with {k}" for k in flt.keywords], *[f"without {k}" for k in flt.not_keywords]]
    return " ".join(words)


def plural_words(flt: ObjectFilter) -> str:
    """A filter's words in the plural, as the "one or more" events print them ("other Rabbits, Bats, Birds,
    and/or Mice you control", "tokens you control", "creatures you control")."""
    from cardgen.model.subtypes import plural

    kinds = [*(plural(s) for s in flt.subtypes), *(f"{t}s" for t in flt.types)]
    if not kinds:
        kinds = ["tokens" if flt.token else "permanents"]
    elif flt.token:
        kinds = [k.removesuffix("s") + " tokens" for k in kinds]
    listed = " and/or ".join(kinds) if len(kinds) < 3 else ", ".join(kinds[:-1]) + ", and/or " + kinds[-1]
    prefix = " ".join([*(["other"] if flt.other else []), *(["nontoken"] if flt.token is False else []),
                       *(f"non{t}," for t in flt.not_types)]).removesuffix(",")
    whose = {"you": " you control", "opponent": " an opponent controls"}.get(flt.controller or "", "")
    return f"{prefix + ' ' if prefix else ''}{listed}{whose}"
