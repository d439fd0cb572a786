"""Mariposas: monarch migration on a hex map — content, geometry, the rules engine and a
computer player (`ai`, prices in `ai_worth`, map tables in `ai_map`; at hard a whole-turn plan
in `ai_plan` and the way home in `ai_home`; it reads only a seat's view).

In ``bot.games.REGISTRY``, played in Discord by ``cogs.mariposas``. Authority: the rule
text, then the spec's points 1–20. Where both are silent the engine chooses as follows (each
has a test in ``tests/games/mariposas/test_choices.py``):

1. Every move of a played card must be made (§On Your Turn 1: "take the action(s) shown");
   a player with no butterfly on the map loses the moves and just confirms.
2. A reuse card with nothing to copy may still be played, for no moves (a turn must play a
   card); ``card:pass`` exists only when a hand holds no card at all (the deck ran dry).
3. A butterfly hatched this turn counts its birth space as its start space (§Landing on
   Flowers' second limit), so it collects nothing by landing back there.
4. "Move 4 + take a flower": the neighbour must be a flower space whose flowers this player
   has not collected this turn and not the space the butterfly started the turn on (both
   limits of §Landing on Flowers: "A butterfly can never collect flowers from the space on
   which it started the turn"). The wild-flower city is not a neighbour one can take from.
5. The first visitor of a waystation rolls the die as well as collecting the item; the
   wild-flower city's first visitor both picks a flower and keeps the die's token.
6. Bonus move cards are public (collected face up on a public waystation); only the action
   hand is secret. Both "with" bonus cards may go with one card; "Add 2 to a Move" lengthens
   one of the card's own moves (named by its length: ``+add_2_to_move@3``), never "Add 1".
7. The season-end free hatch is optional whenever it is possible (``free:none``): a new
   butterfly can break a "none …" goal. It counts as a hatch for the +1-per-hatch ability.
8. The "count 1 extra butterfly in Michoacán" ability scores even with no gen 4 there (3).
9. Undo goes back to the turn's start or to just after the last die roll in one step; it is
   not offered once the turn is confirmed (the draw is then done).
10. A hatch may be declined (``hatch:none``); paying "any N" may use N of one kind.
11. The trade-in (§On Your Turn 3) draws the replacements before the traded cards are
    discarded, so they are never drawn back; trading both is offered only when two cards are
    left to draw (deck and discards together), so a hand never ends the turn short.
"""
