"""What outlives a power cut: the match's save (keep), the save slots' places (slots, at power-up) and the records' files (store), a match's record (records), the statistics (tally)."""
