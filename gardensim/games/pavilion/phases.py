"""The decision phases of a Summer Pavilion position (see :mod:`.state` for the turn structure).

``DRAFT`` phase 1 takes; ``PLACE`` phase 2 placements and passes; ``PAY`` the wild/real split of
a placement's cost; ``BONUS`` bonus tiles owed; ``KEEP`` tiles kept at a pass; ``OVER`` the end.
"""

DRAFT, PLACE, PAY, BONUS, KEEP, OVER = range(6)
PHASE_NAMES = ("draft", "place", "pay", "bonus", "keep", "over")
