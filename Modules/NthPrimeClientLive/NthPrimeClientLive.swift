public enum _NthPrimeClientLivePlaceholder {}
