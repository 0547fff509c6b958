"""A Distant Plain's pictures.  Only the base map for now (``base.base_map``); not yet
registered with the pictures registry (there is no ADP ruleset yet)."""
