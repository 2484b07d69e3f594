"""hearts.analysis: records, importers and analysis built on the game model ``hearts.solver``."""
