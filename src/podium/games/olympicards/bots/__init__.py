"""Olympicards's bots: its heuristic and the fast playouts of its ISMCTS."""
