"""The words: a table T of key -> text a language (en, fr, es; help_*, learn_*), and the code that picks and builds them (strings, words, menu, hint, why)."""
