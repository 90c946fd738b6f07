print("PrimeTime")
