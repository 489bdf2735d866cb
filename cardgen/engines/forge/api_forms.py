"""A construct's Forge API form (`vocab.forge_forms.ApiForm`, its `forge.api`) written and read, both from
the one declaration: `write` gives the ability's API and parameters, `readers` the readers of the API(s)
it writes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen.engines.forge.chain import RenderError
from cardgen.model.parts import EffectBase
from cardgen.vocab.construct import ForgeRead
from cardgen.vocab.forge_forms import ApiForm

if TYPE_CHECKING:
    from cardgen.engines.forge.effects import EffectWriter
    from cardgen.engines.forge.read_apis import NodeReader
    from cardgen.engines.forge.syntax import Params

_BASE_FIELDS = frozenset(EffectBase.model_fields) | {"effect"}
"""Fields every effect has, which the writer around a form writes (conditions, ids)."""


def write(w: EffectWriter, form: ApiForm, effect: Any) -> tuple[str, Params]:
    """The API and parameters of `effect` in `form`; FG101 when the effect has a field set that the form
    doesn't carry (it would be dropped)."""
    carried = _BASE_FIELDS | set(form.fields())
    dropped = [name for name, info in type(effect).model_fields.items()
               if name not in carried and getattr(effect, name) != info.get_default(call_default_factory=True)]
    if dropped:
        raise RenderError("FG101", f"Forge's {form.api} form of `{effect.effect}` carries no "
                                   + " or ".join(f"`{name}`" for name in dropped))
    subject = getattr(effect, form.subject)
    if form.all_api is not None and (selector := w.all_of(subject)) is not None:
        return form.all_api, [("ValidCards", w.valid(selector))]
    params: Params = [*w.defined(subject, player=form.player)]
    if form.amount is not None:
        params += w.number(form.amount, effect.amount, default=form.amount_default)
    params += list(form.fixed)
    params += [(parameter, "True") for name, parameter in form.flags if getattr(effect, name)]
    return form.api, params


def readers(kind: str, form: ApiForm) -> dict[str, ForgeRead]:
    """API -> the reader of the abilities `write` gives for `form` (its `all_api` too)."""

    def read(r: NodeReader) -> list[dict[str, Any]]:
        for parameter, value in form.fixed:
            if r.bag.get(parameter) != value:
                raise r.error("FG201", f"{form.api} other than {parameter}$ {value}")
        amount = r.amount(form.amount, form.amount_default or 0) if form.amount is not None else None
        flags = {name: True for name, parameter in form.flags if r.bag.get(parameter) == "True"}
        effects = []
        for subject in r.subject(player=form.player, default="you" if form.player else "self"):
            effect: dict[str, Any] = {"effect": kind, form.subject: subject, **flags}
            if amount is not None and (form.amount_default is None or amount != form.amount_default):
                effect["amount"] = amount
            effects.append(effect)
        return effects

    def read_all(r: NodeReader) -> list[dict[str, Any]]:
        return [{"effect": kind, form.subject: r.all_of("ValidCards")}]

    return {form.api: read, **({form.all_api: read_all} if form.all_api is not None else {})}


__all__ = ["readers", "write"]
