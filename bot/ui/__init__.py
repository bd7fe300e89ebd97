"""The presentation kit that tables, the deal of the day and the standings share: the one
``DynamicItem`` class behind every component, the rendering of images off the event
loop, and what the tables and the deal of the day both show: a member's hand panel
(:mod:`.hand_messages`) and the deal's public lines (:mod:`.deal_messages`)."""
