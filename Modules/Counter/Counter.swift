public enum _CounterPlaceholder {}
