// Short books in fifteen languages, each with a heading, a list, a quotation, a footnote, numbers and a Latin name
// mixed into its own script: what the language tests typeset in every format.

export interface LanguageSample {
  tag: string;
  title: string;
  author: string;
  chapterTitle: string;
  heading: string;
  paragraph: string;
  items: [string, string];
  quote: string;
  footnote: string;
  /** A run of the paragraph that pdftotext must give back as it is (words of the script, no boxes). */
  probe: string;
}

export const LANGUAGE_SAMPLES: LanguageSample[] = [
  {
    tag: 'ja', title: '静かな組織', author: '山田 花子', chapterTitle: '信頼のはじまり', heading: '小さな習慣',
    paragraph: '2024年に、私たちは12人のチームで新しい働き方を始めました。Peter Drucker の考えを参考にしながら、毎朝の短い対話を大切にしています。',
    items: ['毎週の振り返り', '3つの約束'], quote: '信頼は、約束を守ることから生まれる。', footnote: '社内調査による。', probe: '毎朝の短い対話を大切にしています',
  },
  {
    tag: 'zh-Hans', title: '安静的组织', author: '王小明', chapterTitle: '信任的开始', heading: '小习惯',
    paragraph: '2024年，我们的12人团队开始了新的工作方式。我们参考了 Peter Drucker 的思想，重视每天早上的简短对话。',
    items: ['每周回顾', '三个承诺'], quote: '信任来自于信守承诺。', footnote: '根据内部调查。', probe: '重视每天早上的简短对话',
  },
  {
    tag: 'ko', title: '조용한 조직', author: '김민준', chapterTitle: '신뢰의 시작', heading: '작은 습관',
    paragraph: '2024년에 우리는 12명의 팀으로 새로운 일하는 방식을 시작했습니다. Peter Drucker의 생각을 참고하여 매일 아침 짧은 대화를 소중히 여깁니다.',
    items: ['매주 돌아보기', '세 가지 약속'], quote: '신뢰는 약속을 지키는 데서 생긴다.', footnote: '사내 조사에 따름.', probe: '매일 아침 짧은 대화를',
  },
  {
    tag: 'th', title: 'องค์กรที่เงียบสงบ', author: 'สมชาย ใจดี', chapterTitle: 'จุดเริ่มต้นของความไว้วางใจ', heading: 'นิสัยเล็กๆ',
    paragraph: 'ในปี 2024 ทีมของเรา 12 คนเริ่มวิธีการทำงานแบบใหม่ เราใช้แนวคิดของ Peter Drucker และให้ความสำคัญกับการพูดคุยสั้นๆ ทุกเช้า',
    items: ['ทบทวนทุกสัปดาห์', 'คำมั่นสามข้อ'], quote: 'ความไว้วางใจเกิดจากการรักษาคำสัญญา', footnote: 'จากการสำรวจภายในองค์กร', probe: 'ให้ความสำคัญกับการพูดคุย',
  },
  {
    tag: 'hi', title: 'शांत संगठन', author: 'अनीता शर्मा', chapterTitle: 'विश्वास की शुरुआत', heading: 'छोटी आदतें',
    paragraph: '2024 में हमारी 12 लोगों की टीम ने काम करने का नया तरीका शुरू किया। हमने Peter Drucker के विचारों से सीखा और हर सुबह की छोटी बातचीत को महत्व दिया।',
    items: ['हर सप्ताह की समीक्षा', 'तीन वादे'], quote: 'विश्वास वादे निभाने से पैदा होता है।', footnote: 'आंतरिक सर्वेक्षण के अनुसार।', probe: 'हर सुबह की छोटी बातचीत',
  },
  {
    tag: 'ar', title: 'المنظمة الهادئة', author: 'ليلى حسن', chapterTitle: 'بداية الثقة', heading: 'عادات صغيرة',
    paragraph: 'في عام 2024 بدأ فريقنا المكوّن من 12 شخصًا طريقة عمل جديدة. استفدنا من أفكار Peter Drucker ونولي أهمية كبيرة لحوار قصير كل صباح.',
    items: ['مراجعة أسبوعية', 'ثلاثة وعود'], quote: 'الثقة تولد من الوفاء بالوعود.', footnote: 'بحسب استطلاع داخلي.', probe: 'لحوار قصير كل صباح',
  },
  {
    tag: 'he', title: 'הארגון השקט', author: 'נועה לוי', chapterTitle: 'תחילתו של אמון', heading: 'הרגלים קטנים',
    paragraph: 'בשנת 2024 הצוות שלנו, 12 אנשים, התחיל דרך עבודה חדשה. למדנו מרעיונותיו של Peter Drucker ואנחנו מקפידים על שיחה קצרה בכל בוקר.',
    items: ['סיכום שבועי', 'שלוש הבטחות'], quote: 'אמון נולד מקיום הבטחות.', footnote: 'לפי סקר פנימי.', probe: 'שיחה קצרה בכל בוקר',
  },
  {
    tag: 'fa', title: 'سازمان آرام', author: 'مریم احمدی', chapterTitle: 'آغاز اعتماد', heading: 'عادت‌های کوچک',
    paragraph: 'در سال 2024 تیم ۱۲ نفره ما شیوه تازه‌ای از کار را آغاز کرد. از اندیشه‌های Peter Drucker آموختیم و به گفت‌وگوی کوتاه هر صبح اهمیت می‌دهیم.',
    items: ['مرور هفتگی', 'سه پیمان'], quote: 'اعتماد از وفای به عهد زاده می‌شود.', footnote: 'بر پایه یک نظرسنجی درونی.', probe: 'کوتاه هر صبح اهمیت',
  },
  {
    tag: 'ru', title: 'Тихая организация', author: 'Анна Петрова', chapterTitle: 'Начало доверия', heading: 'Маленькие привычки',
    paragraph: 'В 2024 году наша команда из 12 человек начала работать по-новому. Мы опирались на идеи Peter Drucker и ценим короткий разговор каждое утро.',
    items: ['Еженедельный обзор', 'Три обещания'], quote: 'Доверие рождается из сдержанных обещаний.', footnote: 'По данным внутреннего опроса.', probe: 'короткий разговор каждое утро',
  },
  {
    tag: 'el', title: 'Ο ήσυχος οργανισμός', author: 'Μαρία Παπαδοπούλου', chapterTitle: 'Η αρχή της εμπιστοσύνης', heading: 'Μικρές συνήθειες',
    paragraph: 'Το 2024 η ομάδα μας των 12 ατόμων ξεκίνησε έναν νέο τρόπο εργασίας. Αντλήσαμε από τις ιδέες του Peter Drucker και εκτιμούμε μια σύντομη συζήτηση κάθε πρωί.',
    items: ['Εβδομαδιαία ανασκόπηση', 'Τρεις υποσχέσεις'], quote: 'Η εμπιστοσύνη γεννιέται από τις τηρημένες υποσχέσεις.', footnote: 'Σύμφωνα με εσωτερική έρευνα.', probe: 'σύντομη συζήτηση κάθε πρωί',
  },
  {
    tag: 'pl', title: 'Cicha organizacja', author: 'Zofia Wójcik', chapterTitle: 'Początek zaufania', heading: 'Małe nawyki',
    paragraph: 'W 2024 roku nasz zespół liczący 12 osób zaczął pracować inaczej. Korzystaliśmy z myśli Petera Druckera i cenimy krótką rozmowę każdego ranka, zanim zacznie się dzień.',
    items: ['Cotygodniowy przegląd', 'Trzy obietnice'], quote: 'Zaufanie rodzi się z dotrzymanych obietnic.', footnote: 'Według wewnętrznej ankiety.', probe: 'krótką rozmowę każdego ranka',
  },
  {
    tag: 'tr', title: 'Sessiz örgüt', author: 'Ayşe Yılmaz', chapterTitle: 'Güvenin başlangıcı', heading: 'Küçük alışkanlıklar',
    paragraph: '2024 yılında 12 kişilik ekibimiz yeni bir çalışma biçimine başladı. Peter Drucker’ın fikirlerinden yararlandık ve her sabah kısa bir konuşmaya önem veriyoruz. Kalİte İzmir’de ölçülür.',
    items: ['Haftalık değerlendirme', 'Üç söz'], quote: 'Güven, tutulan sözlerden doğar.', footnote: 'Şirket içi bir ankete göre.', probe: 'her sabah kısa bir konuşmaya',
  },
  {
    tag: 'vi', title: 'Tổ chức lặng lẽ', author: 'Nguyễn Thị Hoa', chapterTitle: 'Khởi đầu của niềm tin', heading: 'Những thói quen nhỏ',
    paragraph: 'Năm 2024, nhóm 12 người của chúng tôi bắt đầu một cách làm việc mới. Chúng tôi học hỏi từ ý tưởng của Peter Drucker và coi trọng cuộc trò chuyện ngắn mỗi sáng.',
    items: ['Tổng kết hằng tuần', 'Ba lời hứa'], quote: 'Niềm tin sinh ra từ những lời hứa được giữ.', footnote: 'Theo một khảo sát nội bộ.', probe: 'cuộc trò chuyện ngắn mỗi sáng',
  },
  {
    tag: 'de', title: 'Die leise Organisation', author: 'Jürgen Groß', chapterTitle: 'Der Anfang des Vertrauens', heading: 'Kleine Gewohnheiten',
    paragraph: 'Im Jahr 2024 begann unser Team aus 12 Menschen eine neue Arbeitsweise. Wir lernten von Peter Drucker und schätzen das kurze Gespräch an jedem Morgen.',
    items: ['Wöchentlicher Rückblick', 'Drei Versprechen'], quote: 'Vertrauen entsteht aus gehaltenen Versprechen.', footnote: 'Laut einer internen Umfrage.', probe: 'kurze Gespräch an jedem Morgen',
  },
  {
    tag: 'fr', title: 'L’organisation tranquille', author: 'Élodie Lefèvre', chapterTitle: 'Le début de la confiance', heading: 'Petites habitudes',
    paragraph: 'En 2024, notre équipe de 12 personnes a adopté une nouvelle façon de travailler. Nous nous inspirons de Peter Drucker et tenons à une courte conversation chaque matin.',
    items: ['Un bilan chaque semaine', 'Trois promesses'], quote: 'La confiance naît des promesses tenues.', footnote: 'Selon une enquête interne.', probe: 'courte conversation chaque matin',
  },
];

/** The chapter's Markdown: heading, paragraph with a footnote, list, quotation. */
export const sampleChapter = (s: LanguageSample) =>
  `## ${s.heading}\n\n${s.paragraph}[^1]\n\n- ${s.items[0]}\n- ${s.items[1]}\n\n> ${s.quote}\n\n${s.paragraph}\n\n[^1]: ${s.footnote}`;

/** A manuscript in the sample's language (two chapters, introduction and summary). */
export const sampleManuscript = (s: LanguageSample) => ({
  title: s.title,
  author: s.author,
  language: s.tag,
  introduction: s.paragraph,
  chapters: [
    { number: 1, title: s.chapterTitle, content: sampleChapter(s) },
    { number: 2, title: s.heading, content: sampleChapter(s) },
  ],
  summary: s.quote,
  references: [],
});
