"""Batch AI-vs-AI play and statistics."""
