"""Rendering: the words of the game in the reader's language (labels, languages), and what a
page, the printed sheet, the CSV and the chart are made of. It asks the game core, never the
web."""
