"""A construct's Forge API form (`vocab.forge_forms.ApiForm`, its `forge.api`) written and read, both from
the one declaration: `write` gives the ability's API and parameters, `readers` the readers of the API(s)
it writes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgen import vocab
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
    params: Params
    if form.all_api is not None and (selector := w.all_of(subject)) is not None:
        api, params = form.all_api, [("ValidCards", w.valid(selector))]
    else:
        api, params = form.api, [*w.defined(subject, player=form.player)]
    if form.counter is not None:
        params.append((form.counter, w.counter_type(effect.counter)))
    if form.amount is not None:
        params += w.number(form.amount, effect.amount, default=None if form.amount_always else form.amount_default)
    params += list(form.fixed)
    params += [(parameter, "True") for name, parameter in form.flags if getattr(effect, name)]
    return api, params


def readers(kind: str, form: ApiForm) -> dict[str, ForgeRead]:
    """API -> the reader of the abilities `write` gives for `form` (its `all_api` too)."""
    unset_amount = vocab.EFFECTS[kind].model.model_fields["amount"].default if form.amount else None

    def read(r: NodeReader, every: bool = False) -> list[dict[str, Any]]:
        subjects = [r.all_of("ValidCards")] if every else r.subject(player=form.player,
                                                                     default="you" if form.player else "self")
        for parameter, value in form.fixed:
            if r.bag.get(parameter) != value:
                raise r.error("FG201", f"{form.api} other than {parameter}$ {value}")
        said: dict[str, Any] = {}
        if form.counter is not None:
            spelled = r.bag.get(form.counter) or ""
            said["counter"] = r.counter_type(spelled)
            if said["counter"] is None:
                raise r.error("FG203", f"{form.counter}$ {spelled}")
        if form.amount is not None and (amount := r.amount(form.amount, form.amount_default)) != unset_amount:
            said["amount"] = amount
        said.update({name: True for name, parameter in form.flags if r.bag.get(parameter) == "True"})
        return [{"effect": kind, form.subject: subject, **said} for subject in subjects]

    def read_all(r: NodeReader) -> list[dict[str, Any]]:
        return read(r, every=True)

    return {form.api: read, **({form.all_api: read_all} if form.all_api is not None else {})}


__all__ = ["readers", "write"]
