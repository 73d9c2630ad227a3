print("fliptrans")
