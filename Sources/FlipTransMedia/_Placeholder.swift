// removed once the media layer lands
