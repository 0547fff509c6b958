"""Non-player Factions (rule 8.0): the policy that decides for a seat no person holds."""
