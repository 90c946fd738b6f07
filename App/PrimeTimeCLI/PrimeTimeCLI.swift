public enum _CLIPlaceholder {}
