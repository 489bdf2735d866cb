"""The XMage sections of the effect constructs: what the writer and the reader ask the registry for is
declared consistently, so a typo in a construct can't silently drop a form or a property."""

from __future__ import annotations

from cardgen.engines.xmage.forms import FORMS, forms_for, forms_named
from cardgen.engines.xmage.lower import FORM_TESTS
from cardgen.vocab import EFFECTS

DATA_SLOTS = {
    "xmage_forms", "xmage_read_forms", "xmage_continuous", "xmage_pointer_stable", "xmage_moves_objects",
    "xmage_own_pointers", "xmage_stands_alone", "xmage_gift_ability", "xmage_inner_effects", "xmage_phrased",
    "xmage_read_when", "xmage_form_subject", "xmage_decisions",
}
HOOK_SLOTS = {
    "xmage_framework", "xmage_needs_sequence", "xmage_unsupported_hint", "xmage_static", "xmage_sequence_step",
    "xmage_read_together", "xmage_read_subject", "xmage_read_finish", "xmage_read_local", "xmage_read_static",
    "xmage_read_static_together", "xmage_static_text", "xmage_read_step", "xmage_read_loop",
    "xmage_read_choice", "xmage_read_move", "xmage_removes_your_lands",
}
PREFIXED_HOOKS = ("xmage_when:", "xmage_read:", "xmage_arg:", "xmage_read_arg:")
"""Documented in the docstrings of CardLowering, SequenceLowering, EffectReader, ClassReader, SequenceReader
and rules_text."""


def test_every_xmage_slot_a_construct_fills_is_one_a_consumer_reads():
    for kind, construct in EFFECTS.items():
        for name, value in construct.hooks.items():
            if not name.startswith("xmage"):
                continue
            if name in HOOK_SLOTS or name.startswith(PREFIXED_HOOKS):
                assert callable(value), (kind, name)
            else:
                assert name in DATA_SLOTS, (kind, name)
                assert not callable(value), (kind, name)


def test_every_form_when_is_a_test_the_writer_can_run():
    for form in FORMS:
        if form.when is not None:
            own = EFFECTS[form.kind].has(f"xmage_when:{form.when}")
            assert own or form.when in FORM_TESTS, (form.kind, form.when)


def test_the_table_is_the_constructs_forms_read_in_both_directions():
    for kind, construct in EFFECTS.items():
        declared = [*construct.hook("xmage_forms", ()), *construct.hook("xmage_read_forms", ())]
        assert [(f.shape, f.java, f.args) for f in forms_for(kind)] == [(f.shape, f.java, f.args) for f in declared]
        assert all(form.kind == kind for form in forms_for(kind))
    for form in FORMS:
        assert form in forms_named(form.java)
    # a read-only spelling comes after a written form of its class, so the writer never picks it
    for kind, construct in EFFECTS.items():
        order = [(f.shape, f.java, f.args, f.fixed) for f in forms_for(kind)]
        for form in construct.hook("xmage_read_forms", ()):
            position = order.index((form.shape, form.java, form.args, form.fixed))
            assert any(java == form.java for _shape, java, _args, _fixed in order[:position]), (kind, form.java)


def test_an_argument_word_a_construct_writes_it_also_reads():
    for kind, construct in EFFECTS.items():
        written = {name.partition(":")[2] for name in construct.hooks if name.startswith("xmage_arg:")}
        read = {name.partition(":")[2] for name in construct.hooks if name.startswith("xmage_read_arg:")}
        assert written == read, kind
        used = {word for form in forms_for(kind) for word in form.args}
        assert written <= used, (kind, written - used)
