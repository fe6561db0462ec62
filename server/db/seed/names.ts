/** Name and street pools for generated members: common in Austria, umlauts and ß included on purpose. */

export const MALE_FIRST_NAMES = [
  'Markus', 'Thomas', 'Michael', 'Andreas', 'Stefan', 'Christian', 'Martin', 'Daniel', 'Alexander', 'Florian',
  'Lukas', 'David', 'Tobias', 'Jakob', 'Maximilian', 'Elias', 'Felix', 'Jonas', 'Paul', 'Leon',
  'Sebastian', 'Johannes', 'Georg', 'Franz', 'Josef', 'Johann', 'Karl', 'Herbert', 'Helmut', 'Gerhard',
  'Wolfgang', 'Manfred', 'Werner', 'Günther', 'Jürgen', 'Peter', 'Robert', 'Patrick', 'Manuel', 'Dominik',
  'Matthias', 'Philipp', 'Simon', 'Fabian', 'Julian', 'Moritz', 'Valentin', 'Noah', 'Luca', 'Tim',
  'Benedikt', 'Clemens', 'Ferdinand', 'Leopold', 'Rupert', 'Alois', 'Engelbert', 'Hubert', 'Ernst', 'Walter',
  'Roland', 'Harald', 'Reinhard', 'Bernhard', 'Erich', 'Rudolf', 'Anton', 'Otto', 'Konstantin', 'Jörg',
  'Björn', 'René', 'André', 'Gregor', 'Kilian', 'Raphael', 'Emil', 'Theodor', 'Vinzenz', 'Ignaz',
  'Mehmet', 'Ivan', 'Marko', 'Stjepan', 'Milan', 'Tomáš', 'László', 'Ali',
];

export const FEMALE_FIRST_NAMES = [
  'Anna', 'Maria', 'Sarah', 'Julia', 'Lena', 'Laura', 'Hannah', 'Sophie', 'Katharina', 'Lisa',
  'Elena', 'Emma', 'Marie', 'Johanna', 'Magdalena', 'Theresa', 'Valentina', 'Leonie', 'Lea', 'Mia',
  'Sabine', 'Andrea', 'Claudia', 'Monika', 'Barbara', 'Elisabeth', 'Christina', 'Petra', 'Karin', 'Birgit',
  'Gabriele', 'Brigitte', 'Renate', 'Ingrid', 'Helga', 'Gertraud', 'Hildegard', 'Ursula', 'Martina', 'Susanne',
  'Stefanie', 'Nicole', 'Daniela', 'Verena', 'Melanie', 'Carina', 'Kerstin', 'Bettina', 'Eva', 'Veronika',
  'Michaela', 'Iris', 'Theresia', 'Rosa', 'Hermine', 'Jana', 'Nina', 'Selina', 'Chiara', 'Ella',
  'Amelie', 'Larissa', 'Viktoria', 'Zoë', 'Chloé', 'Anja', 'Lara', 'Paula', 'Klara', 'Rosalie',
  'Irmgard', 'Waltraud', 'Edeltraud', 'Herta', 'Aloisia', 'Ajla', 'Ana', 'Ivana', 'Zsófia', 'Elif',
];

/** Neutral-sounding names for members with gender 'd'. */
export const DIVERSE_FIRST_NAMES = ['Alex', 'Kim', 'Robin', 'Sascha', 'Chris', 'Luca', 'Noa', 'Andrea', 'Toni', 'Jo'];

export const SURNAMES = [
  'Gruber', 'Huber', 'Wagner', 'Müller', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer', 'Leitner',
  'Berger', 'Fuchs', 'Eder', 'Fischer', 'Schmid', 'Winkler', 'Weber', 'Schwarz', 'Maier', 'Schneider',
  'Reiter', 'Mayr', 'Schmidt', 'Wimmer', 'Egger', 'Brunner', 'Lang', 'Baumgartner', 'Auer', 'Binder',
  'Lechner', 'Wolf', 'Wallner', 'Aigner', 'Ebner', 'Koller', 'Lehner', 'Haas', 'Schuster', 'Heilig',
  'Strauß', 'Größ', 'Hölzl', 'Pölzl', 'Kröll', 'Jäger', 'Köhler', 'Pröll', 'Fürst', 'Weiß',
  'Groß', 'Rößler', 'Brandstätter', 'Stöger', 'Pfeiffer', 'Holzer', 'Graf', 'Hackl', 'Hörmann', 'Kainz',
  'Karner', 'Kogler', 'Kurz', 'Maurer', 'Nagl', 'Neubauer', 'Ortner', 'Pirker', 'Pototschnig', 'Rainer',
  'Riegler', 'Sailer', 'Schober', 'Schöberl', 'Seidl', 'Stadler', 'Strasser', 'Trummer', 'Unterberger', 'Url',
  'Weinberger', 'Wieser', 'Windisch', 'Zach', 'Zauner', 'Zechner', 'Hofbauer', 'Fellner', 'Kofler', 'Posch',
  'Haider', 'Lackner', 'Prinz', 'Resch', 'Schwaiger', 'Thaler', 'Wurm', 'Zöchling', 'Gössl', 'Brückl',
  'Horvath', 'Novak', 'Nemeth', 'Kovačević', 'Petrović', 'Yılmaz', 'Kaya', 'Tóth', 'Dvořák', 'Nowak',
];

export const STREETS = [
  'Hauptstraße', 'Bahnhofstraße', 'Kirchengasse', 'Schulgasse', 'Feldgasse', 'Lindengasse', 'Wiener Straße', 'Grazer Straße',
  'Mühlweg', 'Gartengasse', 'Rosengasse', 'Am Anger', 'Dorfplatz', 'Waldweg', 'Bergstraße', 'Sonnenweg',
  'Birkenweg', 'Ahornweg', 'Parkstraße', 'Mozartgasse', 'Schillerstraße', 'Goethestraße', 'Bahnstraße', 'Linzer Straße',
  'Salzburger Straße', 'Untere Hauptstraße', 'Obere Hauptstraße', 'Fabriksgasse', 'Florianigasse', 'Josefstraße',
  'Marktplatz', 'Rathausplatz', 'Quellenweg', 'Wiesengrund', 'Erlenweg', 'Kastanienallee', 'Sportplatzweg',
  'Schießstattgasse', 'Feldweg', 'Fliederweg', 'Römerstraße', 'Kaiser-Franz-Josef-Straße', 'Brunnengasse', 'Höhenstraße',
  'Am Mühlbach', 'Lärchenweg', 'Föhrenweg', 'Südtiroler Straße', 'Körnerstraße', 'Weißenbachgasse',
];

export const MOBILE_PREFIXES = ['664', '660', '676', '650', '699', '680', '681', '688'];
