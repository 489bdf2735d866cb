"""Rules text from the spec model, engine-neutral.

`oracle` knows how a printed line is put together (sentences, reminder text, the card's own name) and
splits an ability's line into the clauses its effects say; `phrases` says single constructs in English
(a target, a player, a simple effect) the way oracle text says them; `abilities` puts the two together
per ability: the trigger phrase and intervening "if" a triggered ability's framework prints, and the
clause each group of effects must print. Engines use it to know what each building block has to say;
the XMage backend writes explicit text only where its framework's own text differs.
"""
