"""Azul: Summer Pavilion with the Glazed Pavilion expansion (gardensim game ``pavilion``)."""
