/// The words generated goods are made of: categories with their items, brands and phrasing.
enum Vocabulary {
    struct Category {
        let name: String
        let items: [String]
        let brands: [String]
        let priceRange: ClosedRange<Int>
    }

    static let categories: [Category] = [
        Category(name: "母婴", items: ["纸尿裤", "婴儿推车", "奶粉", "儿童安全座椅", "学步车", "婴儿床"],
                 brands: ["好奇", "帮宝适", "花王", "好孩子", "贝亲"], priceRange: 30...1200),
        Category(name: "数码", items: ["手机", "平板电脑", "蓝牙耳机", "机械键盘", "移动电源", "智能手表", "相机镜头"],
                 brands: ["华为", "小米", "苹果", "索尼", "罗技", "佳能"], priceRange: 50...6000),
        Category(name: "服饰", items: ["羽绒服", "连衣裙", "运动鞋", "牛仔裤", "羊毛围巾", "双肩包"],
                 brands: ["优衣库", "耐克", "阿迪达斯", "李宁", "安踏"], priceRange: 20...900),
        Category(name: "家居", items: ["台灯", "电饭煲", "空气净化器", "懒人沙发", "收纳柜", "加湿器"],
                 brands: ["美的", "九阳", "宜家", "飞利浦", "苏泊尔"], priceRange: 15...1500),
        Category(name: "图书", items: ["小说合集", "考研资料", "绘本", "编程教材", "字帖", "英语词典"],
                 brands: ["人民文学", "中信出版", "机械工业", "商务印书馆"], priceRange: 5...150),
        Category(name: "运动", items: ["山地自行车", "瑜伽垫", "羽毛球拍", "哑铃", "篮球", "滑板"],
                 brands: ["捷安特", "迪卡侬", "尤尼克斯", "斯伯丁", "威尔胜"], priceRange: 20...2500),
        Category(name: "美妆", items: ["口红", "面霜", "香水", "眼影盘", "防晒霜"],
                 brands: ["雅诗兰黛", "兰蔻", "资生堂", "百雀羚", "完美日记"], priceRange: 30...800),
        Category(name: "乐器", items: ["吉他", "电子琴", "尤克里里", "小提琴"],
                 brands: ["雅马哈", "卡西欧", "珠江", "红棉"], priceRange: 100...3000),
    ]

    static let conditions = ["九成新", "九五新", "八成新", "几乎全新", "轻微使用痕迹", "包装轻微破损"]
    static let reasons = ["搬家处理", "闲置转让", "买多了", "换新了用不上", "孩子长大了", "毕业清仓", "送人不合适"]
    static let selling = ["特价处理", "便宜出", "价格可小刀", "先到先得", "诚心要的来", "非诚勿扰"]
    static let details = [
        "功能完好，无拆无修。", "配件齐全，原包装还在。", "只用过几次，保存很好。", "支持当面验货。",
        "同城可自提，外地发快递。", "有发票，可以提供购买记录。", "外观有一点划痕，不影响使用。",
    ]

    static let nicknamePrefixes = ["小", "阿", "大", "老", "萌萌", "快乐的", "爱吃", "安静的", "认真的"]
    static let nicknameWords = ["猫", "鱼", "兔子", "熊", "星星", "月亮", "豆豆", "柚子", "柠檬", "橙子", "棉花糖", "布丁"]
    static let nicknameSuffixes = ["", "", "呀", "酱", "同学", "2018", "_", "的小店", "家"]

    static let places: [(city: String, districts: [String])] = [
        ("北京", ["朝阳区", "海淀区", "东城区", "丰台区"]),
        ("上海", ["浦东新区", "徐汇区", "静安区", "闵行区"]),
        ("广州", ["天河区", "越秀区", "番禺区"]),
        ("深圳", ["南山区", "福田区", "宝安区"]),
        ("杭州", ["西湖区", "滨江区", "余杭区"]),
        ("成都", ["武侯区", "锦江区", "高新区"]),
        ("武汉", ["洪山区", "江汉区", "武昌区"]),
        ("鄂州", ["华容区", "鄂城区", "梁子湖区"]),
        ("南京", ["鼓楼区", "玄武区", "江宁区"]),
        ("西安", ["雁塔区", "碑林区"]),
    ]

    static let bannerTitles = ["闲置好物节", "数码焕新季", "母婴专场", "开学季图书特惠", "运动装备清仓"]

    /// Colours for pictures: calm, distinguishable pairs.
    static let palettes: [(String, String)] = [
        ("#FE8491", "#FFD1D6"), ("#5B8FF9", "#CDDDFD"), ("#5AD8A6", "#CDF3E4"), ("#F6BD16", "#FCEBB9"),
        ("#E8684A", "#F8D0C8"), ("#6DC8EC", "#D3EEF9"), ("#9270CA", "#DECFEA"), ("#FF9D4D", "#FFE0C7"),
        ("#269A99", "#BDE2E2"), ("#FF99C3", "#FFE0ED"),
    ]
}
