public enum _PrimeAlertPlaceholder {}
