public enum _NthPrimeClientPlaceholder {}
