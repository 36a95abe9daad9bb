print("tactus")
