"""The XMage groups of the effect constructs: what the writer and the reader ask the registry for is
declared consistently, so a construct can't silently drop a form or an argument."""

from __future__ import annotations

from cardgen.engines.xmage.forms import FORMS, forms_for, forms_named
from cardgen.engines.xmage.lower import FORM_TESTS
from cardgen.vocab import EFFECTS


def test_every_form_when_is_a_test_the_writer_can_run():
    for form in FORMS:
        if form.when is not None:
            assert form.when in EFFECTS[form.kind].xmage.when or form.when in FORM_TESTS, (form.kind, form.when)


def test_the_table_is_the_constructs_forms_read_in_both_directions():
    for kind, construct in EFFECTS.items():
        declared = [*construct.xmage.forms, *construct.xmage.read_forms]
        assert [(f.shape, f.java, f.args) for f in forms_for(kind)] == [(f.shape, f.java, f.args) for f in declared]
        assert all(form.kind == kind for form in forms_for(kind))
    for form in FORMS:
        assert form in forms_named(form.java)
    # a read-only spelling comes after a written form of its class, so the writer never picks it
    for kind, construct in EFFECTS.items():
        order = [(f.shape, f.java, f.args, f.fixed) for f in forms_for(kind)]
        for form in construct.xmage.read_forms:
            position = order.index((form.shape, form.java, form.args, form.fixed))
            assert any(java == form.java for _shape, java, _args, _fixed in order[:position]), (kind, form.java)


def test_an_argument_word_of_a_construct_is_one_its_forms_use():
    """Its words are written and read both (the group's check), and some form of its uses each."""
    for kind, construct in EFFECTS.items():
        used = {word for form in forms_for(kind) for word in form.args}
        assert set(construct.xmage.args) <= used, (kind, set(construct.xmage.args) - used)
