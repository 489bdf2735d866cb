"""The happenings the game notices triggers on (`cardgen.game.triggers`): an object entered the
battlefield, a player gave a gift, an end step began, a creature was declared as an attacker, a player
spent mana on a spell (the running total of the turn that "expend" counts), a player cast a spell,
a permanent entered (as others see it: "whenever another creature you control enters"), a permanent became
the target of a spell or ability its controller controls for the first time in a turn (valiant), a
creature was put into a graveyard from the battlefield (700.4: it died), a step began (603.2: "at the
beginning of your upkeep", of combat, of your end step), a player gained or lost life (119.3), a player
foraged (701.61a), a Class's level became N (716.2c), a permanent dealt damage to an opponent of its controller,
a player declared one or more attackers (508.1m: "whenever you attack"), a player sacrificed a permanent
(701.21a: "when you sacrifice it"), a permanent left the battlefield (as the others see it), and one or more
permanents entered or left the battlefield in one event (603.2c: "whenever one or more ... enter").

Plain names in a module of their own, so that an event construct can declare its `happening` without
importing the game-state kit (which a `cardgen validate` never uses).
"""

from __future__ import annotations

ENTERED, GIFT_GIVEN, END_STEP, ATTACKED = "entered", "gift_given", "end_step", "attacked"
EXPENDED, SPELL_CAST, PERMANENT_ENTERED = "expended", "spell_cast", "permanent_entered"
FIRST_TARGETED = "first_targeted"
DIED = "died"
STEP_BEGAN = "step_began"
LIFE_CHANGED = "life_changed"
FORAGED = "foraged"
CLASS_LEVEL_GAINED = "class_level_gained"
DAMAGED_OPPONENT = "damaged_opponent"
"""A permanent dealt damage to an opponent of its controller (120.3: combat damage or not)."""
ATTACKERS_DECLARED = "attackers_declared"
"""A player declared one or more creatures as attackers (508.1m): once for the whole declaration."""
SACRIFICED = "sacrificed"
"""A player sacrificed a permanent (701.21a: moved from the battlefield to its owner's graveyard)."""
LEFT_BATTLEFIELD = "left_battlefield"
"""A permanent left the battlefield, as it and the other permanents see it (603.6c, 603.10a: they look back
in time, the permanents that left in the same event included)."""
ENTERED_TOGETHER = "entered_together"
"""One or more permanents entered the battlefield in one event (603.2c): once for all of them."""
LEFT_TOGETHER = "left_together"
"""One or more permanents left the battlefield in one event (603.2c, 603.10a): once for all of them."""
