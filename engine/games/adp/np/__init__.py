"""A Distant Plain's Non-player Factions (rule 8): the framework (8.1-8.4) and the
Warlords (8.5).  ``policy.decide`` is the ruleset's ``policy``."""
