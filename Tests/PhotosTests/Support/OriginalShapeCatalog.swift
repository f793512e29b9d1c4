/// A few entries in the article's own catalog shape (500px "popular" response): the paging
/// fields around `pictures`, many fields per picture the app ignores, `camera` null or empty,
/// `description` null, empty, or with line breaks. Names and URLs are our own.
enum OriginalShapeCatalog {
    static let json = #"""
    {
        "current_page": 1,
        "total_pages": 1000,
        "total_items": 55697,
        "pictures": [
            {
                "id": 330200335,
                "user_id": 5797936,
                "name": "river.street",
                "description": "walking along the river",
                "camera": null,
                "lens": null,
                "focal_length": null,
                "iso": null,
                "times_viewed": 37,
                "rating": 80.4,
                "created_at": "2017-10-01T10:23:31-04:00",
                "category": 21,
                "location": null,
                "latitude": 48.2081743,
                "longitude": 16.3738189000001,
                "taken_at": null,
                "for_sale": true,
                "width": 6715,
                "height": 3789,
                "nsfw": false,
                "for_sale_date": null,
                "highest_rating_date": "2017-10-01T10:25:52-04:00",
                "image_url": "https://images.example.com/photo/330200335/w%3D280_h%3D280/v2?client_application_id=11&sig=87c3",
                "images": [
                    {
                        "size": 3,
                        "url": "https://images.example.com/photo/330200335/w%3D280_h%3D280/v2",
                        "https_url": "https://images.example.com/photo/330200335/w%3D280_h%3D280/v2",
                        "format": "jpeg"
                    }
                ],
                "url": "/photo/330200335/river-street",
                "user": {
                    "id": 5797936,
                    "username": "someone",
                    "avatars": { "default": { "https": "https://images.example.com/user_avatar/5797936/q%3D85_w%3D300_s%3D1/v2" } }
                },
                "comments": [],
                "editors_choice": false,
                "feature": "popular"
            },
            {
                "id": 330200211,
                "name": "couple",
                "description": null,
                "camera": "NIKON D500",
                "lens": "70-200mm f/2.8",
                "created_at": "2017-10-01T10:22:21-04:00",
                "for_sale": false,
                "image_url": "https://images.example.com/photo/330200211/w%3D280_h%3D280/v2",
                "images": [],
                "tags": ["portrait", "love"]
            },
            {
                "id": 330200149,
                "name": "Юля",
                "description": "Elsewhere: \n<a href=\"https://example.com/inst\">Inst</a> | <a href=\"https://example.com/vk\">VK</a>",
                "camera": "Canon EOS 5D Mark II",
                "created_at": "2017-10-01T10:21:36-04:00",
                "for_sale": true,
                "image_url": "https://images.example.com/photo/330200149/w%3D280_h%3D280/v2"
            },
            {
                "id": 330199957,
                "name": "构成",
                "description": "",
                "camera": "",
                "created_at": "2017-10-01T10:19:29-04:00",
                "for_sale": true,
                "image_url": "https://images.example.com/photo/330199957/w%3D280_h%3D280/v2"
            }
        ],
        "filters": { "category": false, "exclude": false },
        "feature": "popular"
    }
    """#
}
