# One module per language, each a table T of key -> text (see hw.strings).
