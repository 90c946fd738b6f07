public enum _PrimeModalPlaceholder {}
