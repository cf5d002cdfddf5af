"""What outlives a power cut: the match's save (keep), the save slots and the records' files (store), a match's record (records), the statistics (tally)."""
