"""Game-agnostic engine core. Imports no game."""
