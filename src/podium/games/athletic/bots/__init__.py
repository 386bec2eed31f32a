"""Athletic Games' bots: the heuristic, the solver bot, the whole-turn candidates and the playouts of its ISMCTS."""
